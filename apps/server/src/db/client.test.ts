import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, queryRows } from './client';

const dirs: string[] = [];
afterAll(() => Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true }))));

const setting = async (db: Awaited<ReturnType<typeof openDatabase>>, name: string) =>
  (await queryRows<{ setting: string }>(db.db, sql`select current_setting(${name}) as setting`))[0]
    ?.setting;

describe('the embedded database (PGlite)', () => {
  it("runs with an embedded shop's buffers, not a server's (issue 29: 537 MB idle)", async () => {
    const database = await openDatabase({ dataDir: 'memory://' });
    try {
      expect(await setting(database, 'shared_buffers')).toBe('16MB');
      expect(await setting(database, 'maintenance_work_mem')).toBe('16MB');
      expect(await setting(database, 'temp_buffers')).toBe('4MB');
    } finally {
      await database.close();
    }
  });

  it('creates a new data directory (initdb in a child process), then reopens what it stored', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'popstage-pglite-'));
    dirs.push(dir);
    const first = await openDatabase({ dataDir: dir });
    await first.db.execute(sql`create table kept (value text)`);
    await first.db.execute(sql`insert into kept values ('still here')`);
    expect(await setting(first, 'shared_buffers')).toBe('16MB');
    await first.close();
    const second = await openDatabase({ dataDir: dir });
    try {
      expect(await queryRows(second.db, sql`select value from kept`)).toEqual([
        { value: 'still here' },
      ]);
    } finally {
      await second.close();
    }
  }, 180_000);
});
