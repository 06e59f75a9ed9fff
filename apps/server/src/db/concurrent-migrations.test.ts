import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/database';

/**
 * Drizzle's migrator takes no lock. Several processes starting at once on an empty PostgreSQL
 * database (a deploy rolling out N web and M worker processes) must all come up, and each
 * migration must be applied exactly once.
 */
const clientModule = pathToFileURL(
  path.resolve(path.dirname(fileURLToPath(import.meta.url)), 'client.ts'),
).href;
const PROCESSES = 6;

function openInChild(url: string): Promise<{ code: number | null; stderr: string }> {
  const script = `const { openDatabase } = await import(${JSON.stringify(clientModule)});
const database = await openDatabase({ url: ${JSON.stringify(url)} });
await database.close();`;
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '--eval', script],
      { stdio: ['ignore', 'ignore', 'pipe'] },
    );
    let stderr = '';
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    child.on('exit', (code) => resolve({ code, stderr }));
  });
}

describe.runIf(process.env.TEST_DATABASE_URL)('migrations on concurrent starts', () => {
  it(`${PROCESSES} processes migrating one empty database at once all start, each migration applied once`, async () => {
    // An empty database of its own: the helper migrates it, so drop what it made first.
    const database = await createTestDatabase();
    if (database.kind !== 'postgres') throw new Error('needs PostgreSQL');
    await database.pool.query('drop schema public cascade; create schema public');
    await database.pool.query('drop schema drizzle cascade');
    try {
      const results = await Promise.all(
        Array.from({ length: PROCESSES }, () => openInChild(database.url)),
      );
      expect(results.map((result) => result.stderr.trim() || result.code)).toEqual(
        Array(PROCESSES).fill(0),
      );
      const applied = await database.pool.query<{ hash: string; count: string }>(
        'select hash, count(*) from drizzle.__drizzle_migrations group by hash',
      );
      expect(applied.rows.length).toBeGreaterThan(20);
      expect(applied.rows.filter((row) => Number(row.count) !== 1)).toEqual([]);
    } finally {
      await database.close();
    }
  }, 120_000);
});
