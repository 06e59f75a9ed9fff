import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { operatorAuditLog } from '../../db/schema';

export type AuditRow = typeof operatorAuditLog.$inferSelect;

export async function insertAudit(db: Db, values: typeof operatorAuditLog.$inferInsert) {
  await db.insert(operatorAuditLog).values(values);
}

/** The newest entries, of one target when named. */
export function selectAudit(
  db: Db,
  options: { target?: string; limit: number },
): Promise<AuditRow[]> {
  return db
    .select()
    .from(operatorAuditLog)
    .where(options.target ? eq(operatorAuditLog.target, options.target) : undefined)
    .orderBy(desc(operatorAuditLog.at))
    .limit(options.limit);
}
