import { sql } from 'drizzle-orm';
import { queryRows } from '../db/client';
import type { TestApp } from './app';

/**
 * Everything stored for a shop: its shops row and the rows of every table with a shop_id or
 * shop_domain column, ordered, so tenant-isolation suites compare it before and after a call.
 */
export async function shopSnapshot(
  t: TestApp,
  shopId: string,
  shopDomain: string,
): Promise<Record<string, unknown[]>> {
  const { db } = t.deps.database;
  const tables = await queryRows<{ table_name: string; column_name: string }>(
    db,
    sql`select table_name, column_name from information_schema.columns
        where table_schema = current_schema() and column_name in ('shop_id', 'shop_domain')
        order by table_name`,
  );
  const snapshot: Record<string, unknown[]> = {
    shops: await queryRows(db, sql`select * from shops where id = ${shopId}`),
  };
  for (const { table_name, column_name } of tables) {
    const key = column_name === 'shop_id' ? shopId : shopDomain;
    snapshot[table_name] = await queryRows(
      db,
      sql`select * from ${sql.identifier(table_name)} where ${sql.identifier(column_name)} = ${key} order by 1`,
    );
  }
  return snapshot;
}

/** The id of a shop's row. */
export async function shopIdOf(t: TestApp, shopDomain: string): Promise<string> {
  const rows = await queryRows<{ id: string }>(
    t.deps.database.db,
    sql`select id from shops where shopify_domain = ${shopDomain}`,
  );
  const id = rows[0]?.id;
  if (!id) throw new Error(`no shop row for ${shopDomain}`);
  return id;
}
