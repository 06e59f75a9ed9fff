import { index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { timestamptz, uuidKey } from './columns';

/** Popstage staff who sign in to the operator console (never merchants; not a shop's data). */
export const operatorUsers = pgTable('operator_users', {
  id: uuidKey(),
  /** Lower-cased. */
  email: text().notNull().unique(),
  /** argon2id, PHC string. */
  passwordHash: text().notNull(),
  role: text().$type<'viewer' | 'support' | 'admin'>().notNull(),
  /** The TOTP secret (base32) encrypted with deps.secrets; set once enrolment is confirmed. */
  totpSecret: text(),
  /** A secret shown during enrolment, until a first code confirms it. */
  pendingTotpSecret: text(),
  /** The TOTP time step (30 s) of the last code accepted: a code works once (issue 28). */
  lastTotpStep: integer(),
  createdAt: timestamptz().notNull(),
  /** A disabled account cannot sign in; its sessions end. */
  disabledAt: timestamptz(),
});

/**
 * Sign-in attempts in a row per e-mail as typed (an account's or not, so a lock reveals nothing):
 * each attempt is counted before its password is checked, and the lock of its count set at once,
 * so parallel guesses cannot slip in before the lock; a success deletes the row (issue 28).
 */
export const operatorSignInAttempts = pgTable('operator_sign_in_attempts', {
  email: text().primaryKey(),
  attempts: integer().notNull(),
  lastAttemptAt: timestamptz().notNull(),
  lockedUntil: timestamptz(),
});

/** Console sessions: the cookie holds a random token, the table only its SHA-256. */
export const operatorSessions = pgTable(
  'operator_sessions',
  {
    tokenHash: text().primaryKey(),
    userId: uuid()
      .notNull()
      .references(() => operatorUsers.id, { onDelete: 'cascade' }),
    /** Forms carry it (CSRF), besides the SameSite=Strict cookie and the Origin check. */
    csrfToken: text().notNull(),
    createdAt: timestamptz().notNull(),
    expiresAt: timestamptz().notNull(),
  },
  (table) => [index().on(table.userId)],
);

/** Every change made through the console or the staff API: who, when, before and after. */
export const operatorAuditLog = pgTable(
  'operator_audit_log',
  {
    id: uuidKey(),
    at: timestamptz().notNull(),
    /** The staff member's e-mail, or 'staff-api' for the bearer credential. */
    actor: text().notNull(),
    action: text().notNull(),
    /** What changed: a shop domain, a rule id, a discount code, a staff e-mail. */
    target: text().notNull(),
    before: jsonb(),
    after: jsonb(),
  },
  (table) => [index().on(table.at), index().on(table.target, table.at)],
);
