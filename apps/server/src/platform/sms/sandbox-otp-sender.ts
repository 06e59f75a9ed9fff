import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sandboxSmsOutbox } from '../../db/schema';
import { type OtpSender, otpText } from './port';

export type OutboxMessage = typeof sandboxSmsOutbox.$inferSelect;

/** Sandbox SMS: the message lands in an outbox table shown at /sandbox/outbox, code visible. */
export function createSandboxOtpSender(db: Db, options: { now?: () => Date } = {}): OtpSender {
  const now = options.now ?? (() => new Date());
  return {
    kind: 'sandbox',
    async send(message) {
      await db.insert(sandboxSmsOutbox).values({
        shopDomain: message.shopDomain,
        phone: message.to,
        body: otpText(message),
        code: message.code,
        sentAt: now(),
      });
    },
  };
}

/** The outbox, newest first; only messages to `phone` when given. */
export async function listOutbox(db: Db, phone?: string, limit = 100): Promise<OutboxMessage[]> {
  return db
    .select()
    .from(sandboxSmsOutbox)
    .where(phone ? eq(sandboxSmsOutbox.phone, phone) : undefined)
    .orderBy(desc(sandboxSmsOutbox.id))
    .limit(limit);
}
