import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '@popstage/testkit/app';
import pg from 'pg';

/** The real server as a child process, for tests that kill it (kill -9, failpoints). */
const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface ChildServer {
  child: ChildProcess;
  exited: Promise<void>;
}

export function startChildServer(env: Record<string, string>): ChildServer {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return { child, exited };
}

export async function stopChildServer(server: ChildServer): Promise<void> {
  if (server.child.exitCode === null && server.child.signalCode === null) {
    server.child.kill('SIGTERM');
    await server.exited;
  }
}

/** Polls `probe` until it answers something (errors count as not yet). */
export async function waitFor<T>(what: string, probe: () => Promise<T | undefined>, ms: number) {
  const until = Date.now() + ms;
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** Resolves when the process dies, rejects when it is still alive after `ms`. */
export function diesWithin(server: ChildServer, ms: number, what: string): Promise<unknown> {
  return Promise.race([
    server.exited,
    new Promise((_, reject) => setTimeout(() => reject(new Error(`${what} was not reached`)), ms)),
  ]);
}

/** A new database on the PostgreSQL server at `serverUrl`, dropped by `drop`. */
export async function createChildDatabase(serverUrl: string) {
  const name = `popstage_child_${randomBytes(6).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

/**
 * Where a crash test's processes run one after another: a free port, an app key pair, a data
 * directory and, for `postgres`, a new database on TEST_DATABASE_URL; the environment they share
 * (role all). `remove` drops the database and the directory once the processes are stopped.
 */
export async function childServerSite(name: string, kind: 'pglite' | 'postgres') {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const keys = { apiKey: `${name}-key`, apiSecret: randomBytes(24).toString('hex') };
  const dataDir = mkdtempSync(path.join(tmpdir(), `popstage-${name}-`));
  const database =
    kind === 'postgres' ? await createChildDatabase(String(process.env.TEST_DATABASE_URL)) : null;
  const env: Record<string, string> = {
    ROLE: 'all',
    PORT: String(port),
    HOST: '127.0.0.1',
    APP_URL: baseUrl,
    LOG_LEVEL: 'warn',
    DATA_DIR: dataDir,
    ...(database ? { DATABASE_URL: database.url } : {}),
    SHOPIFY_API_KEY: keys.apiKey,
    SHOPIFY_API_SECRET: keys.apiSecret,
  };
  return {
    baseUrl,
    keys,
    env,
    dataDir,
    /** The PostgreSQL database's URL; null on PGlite (kept in dataDir). */
    databaseUrl: database?.url ?? null,
    /** Resolves once a process answers /healthz. */
    healthy: (ms: number) =>
      waitFor(
        'the server',
        async () => ((await fetch(`${baseUrl}/healthz`)).ok ? true : undefined),
        ms,
      ),
    remove: async () => {
      await database?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
