import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { openStoreDb, type StoreConnection, type StoreDb } from './database';

export interface TestStoreDb {
  db: StoreDb;
  close(): Promise<void>;
}

/** A fresh, migrated store database for one test file (see createTestStoreConnection). */
export async function createTestStoreDb(): Promise<TestStoreDb> {
  const { connection, close } = await createTestStoreConnection();
  return { db: await openStoreDb(connection), close };
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
  const name = `shopify_sandbox_test_${randomBytes(6).toString('hex')}`;
  await admin(serverUrl, `CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: url.toString(), max: 4 });
  return {
    connection: { kind: 'postgres', pool },
    close: async () => {
      await pool.end();
      await admin(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
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
