import { and, eq, getTableColumns, getTableName, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';

/** A value for each named column of a table's row (null is no value: `= null` matches nothing). */
export type ColumnValues<T extends PgTable> = {
  [K in keyof T['$inferSelect']]?: NonNullable<T['$inferSelect'][K]>;
};

/**
 * `a = $1 and b = $2 …`: the rows of `table` whose named columns hold these values, e.g.
 * `columnsEqual(popclips, { shopId, metaIdentifier })`. At least one column is named, so a query
 * cannot lose its filter (and with it the shop's boundary) by an empty object.
 */
export function columnsEqual<T extends PgTable>(table: T, values: ColumnValues<T>): SQL {
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  const condition = and(
    ...Object.entries(values).map(([name, value]) => eq(columns[name] as PgColumn, value)),
  );
  if (!condition) throw new Error(`columnsEqual: no column of ${getTableName(table)} named`);
  return condition;
}
