import { bigint, bigserial, integer, timestamp, uuid } from 'drizzle-orm/pg-core';

/** The column forms the schema files share; each call makes a new column. */

/** Every instant is stored with its time zone. */
export const timestamptz = () => timestamp({ withTimezone: true });

/** A row's own id: a random UUID. */
export const uuidKey = () => uuid().primaryKey().defaultRandom();

/** An append-only log's id: a sequence. */
export const serialKey = () => bigserial({ mode: 'number' }).primaryKey();

/** A bigint read as a JavaScript number: minor units, milliseconds and ids stay below 2^53. */
export const bigintNumber = () => bigint({ mode: 'number' });

/** A count that starts at 0. */
export const counter = () => integer().notNull().default(0);
