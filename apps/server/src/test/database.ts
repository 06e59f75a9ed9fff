import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import {
  type Database,
  MIGRATIONS_DIR,
  migratedPglite,
  openDatabase,
  PGLITE_MEMORY_SETTINGS,
} from '../db/client';

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a new database
 * on the server named by TEST_DATABASE_URL (dropped again on close).
 */
export async function createTestDatabase(): Promise<Database> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return memoryDatabase();

  const name = `popstage_test_${randomBytes(6).toString('hex')}`;
  await withAdminClient(serverUrl, (client) => client.query(`CREATE DATABASE ${name}`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString() });
  const close = database.close;
  return {
    ...database,
    close: async () => {
      await close();
      await withAdminClient(serverUrl, (client) =>
        client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
      );
    },
  } as Database;
}

/**
 * In-memory PGlite, started from a copy of a freshly migrated data directory kept in the temp
 * directory (named by the migrations and PGlite's version): initdb and the migrations took about
 * 25 s a test file on a loaded machine, loading the copy about 3 s. The first file to need it
 * migrates and writes the copy; a file that finds it loads it (and migrates, a no-op).
 */
async function memoryDatabase(): Promise<Database> {
  const file = snapshotFile();
  if (!existsSync(file)) {
    const fresh = await openDatabase({ dataDir: 'memory://' });
    if (fresh.kind === 'pglite') {
      const dump = await fresh.client.dumpDataDir('none');
      // Written aside and renamed: a file running at the same time never reads half a copy.
      const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
      writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
      renameSync(partial, file);
    }
    return fresh;
  }
  const client = await PGlite.create({
    loadDataDir: new Blob([readFileSync(file)]),
    startParams: [...PGlite.defaultStartParams, ...PGLITE_MEMORY_SETTINGS],
  });
  return migratedPglite(client);
}

function snapshotFile(): string {
  const hash = createHash('sha256');
  const add = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) =>
      a.name.localeCompare(b.name),
    )) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) add(path);
      else hash.update(entry.name).update(readFileSync(path));
    }
  };
  add(MIGRATIONS_DIR);
  hash.update(PGLITE_VERSION);
  return join(tmpdir(), `popstage-test-db-${hash.digest('hex').slice(0, 16)}.tar`);
}

/** The data directory's format is PGlite's: its package.json (next to dist/) names the version. */
const PGLITE_VERSION: string = JSON.parse(
  readFileSync(new URL('../package.json', import.meta.resolve('@electric-sql/pglite')), 'utf8'),
).version;

async function withAdminClient<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}
