import type { PGlite } from '@electric-sql/pglite';
import type { Logger } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import type { Database } from '../db/client';
import { createTestApp, type TestApp } from './app';

/**
 * Records the SQL statements one piece of work sends, for query-count tests. PGlite only: every
 * statement passes through its client.query (on PostgreSQL the recorder records nothing, and
 * `counted` is false so tests skip).
 */
export function recordStatements(database: Database) {
  let statements: string[] | null = null;
  if (database.kind === 'pglite') {
    const client: PGlite = database.client;
    const query = client.query.bind(client);
    client.query = ((...args: Parameters<PGlite['query']>) => {
      statements?.push(args[0]);
      return query(...args);
    }) as PGlite['query'];
  }
  return {
    counted: database.kind === 'pglite',
    /** The statements `work` sent. */
    async during<T>(work: () => Promise<T>): Promise<{ result: T; statements: string[] }> {
      statements = [];
      try {
        const result = await work();
        return { result, statements };
      } finally {
        statements = null;
      }
    },
  };
}

type StatementRecorder = ReturnType<typeof recordStatements>;

/** The test file's app (started before its tests, closed after), its statements recorded. */
export function recordedTestApp(): { t: TestApp; recorder: StatementRecorder } {
  const file = {} as { t: TestApp; recorder: StatementRecorder };
  beforeAll(async () => {
    file.t = await createTestApp();
    file.recorder = recordStatements(file.t.deps.database);
  });
  afterAll(() => file.t.close());
  return file;
}

/**
 * The statements of one request once the shop's rows exist (the steady state): it is sent twice,
 * answering `status` both times, and the second is recorded.
 */
export async function steadyStatements(
  recorder: StatementRecorder,
  send: () => Promise<{ statusCode: number; body: string }>,
  status: number,
): Promise<string[]> {
  expect((await send()).statusCode).toBe(status);
  const { result, statements } = await recorder.during(send);
  expect(result.statusCode, result.body).toBe(status);
  return statements;
}

/** The app's own statements: the local Shopify (schema shopify_sandbox) shares the database. */
export const appStatements = (seen: string[]) =>
  seen.filter((text) => !/"shopify_sandbox"/.test(text));

/**
 * Hands every statement the app's drizzle sends (text and parameters) to `onQuery`, on PGlite and
 * PostgreSQL alike: drizzle's logger, set on the live session (it was built without one).
 */
export function onDrizzleQuery(
  database: Database,
  onQuery: (text: string, params: unknown[]) => void,
): void {
  const logger: Logger = { logQuery: onQuery };
  const session = (
    database.db as unknown as { session: { logger: Logger; options: { logger?: Logger } } }
  ).session;
  session.logger = logger;
  session.options.logger = logger;
}
