import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { openStoreDb, type StoreConnection, type StoreDb } from './database';
import { StoreError } from './errors';
import { createSandboxStore } from './sandbox-platform';
import type { SandboxStore } from './store';

export interface TestStoreDb {
  db: StoreDb;
  close(): Promise<void>;
}

/** A fresh, migrated store database for one test file (see createTestStoreConnection). */
export async function createTestStoreDb(): Promise<TestStoreDb> {
  const { connection, close } = await createTestStoreConnection();
  return { db: await openStoreDb(connection), close };
}

export interface SeededTestStore extends TestStoreDb {
  store: SandboxStore;
}

/** Both sandbox shops seeded on a fresh database, the store serving its pages from `baseUrl`. */
export async function createSeededTestStore(
  baseUrl = 'http://localhost:3000',
): Promise<SeededTestStore> {
  const database = await createTestStoreDb();
  const store = createSandboxStore(database.db, { baseUrl });
  await store.seed();
  return { ...database, store };
}

/** The StoreError a store call is refused with; throws (failing the test) on anything else. */
export async function storeRefusal(promise: Promise<unknown>): Promise<StoreError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof StoreError)) throw new Error(`expected a StoreError, got ${error}`);
  return error;
}

/**
 * A fresh database for one test file, not yet migrated: in-memory PGlite, or a new database on
 * the server TEST_DATABASE_URL names (dropped on close).
 */
export async function createTestStoreConnection(): Promise<{
  connection: StoreConnection;
  close(): Promise<void>;
}> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const client = await PGlite.create('memory://');
    return { connection: { kind: 'pglite', client }, close: () => client.close() };
  }
  const database = await createScratchDatabase(serverUrl, 'shopify_sandbox_test');
  const pool = new pg.Pool({ connectionString: database.url, max: 4 });
  return {
    connection: { kind: 'postgres', pool },
    close: async () => {
      await pool.end();
      await database.drop();
    },
  };
}

/** A new, empty database on the PostgreSQL server `serverUrl` names: its URL, and its drop. */
export async function createScratchDatabase(
  serverUrl: string,
  prefix: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  await admin(serverUrl, `CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => admin(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

async function admin(url: string, statement: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
