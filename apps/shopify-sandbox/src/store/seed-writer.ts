import { eq } from 'drizzle-orm';
import type { StoreDb as Db } from './database';
import {
  sandboxCollectionProducts,
  sandboxCollections,
  sandboxMenus,
  sandboxPages,
  sandboxProducts,
  sandboxShops,
  sandboxThemes,
} from './schema';

/** Rows per INSERT: well under PostgreSQL's 65535 bind parameters for our widest table. */
const CHUNK = 1000;

/** The tables of a shop's content, in the order they are written (memberships after both sides). */
const CONTENT_TABLES = {
  products: sandboxProducts,
  collections: sandboxCollections,
  memberships: sandboxCollectionProducts,
  menus: sandboxMenus,
  pages: sandboxPages,
  themes: sandboxThemes,
};
type ContentName = keyof typeof CONTENT_TABLES;

/** Every row of one shop's sandbox store, ready to insert: the shop and its content. */
export type StoreRows = { shop: typeof sandboxShops.$inferInsert } & {
  [Name in ContentName]: (typeof CONTENT_TABLES)[Name]['$inferInsert'][];
};

/**
 * Writes a generated store unless the shop already exists. One transaction, so a crash leaves
 * either nothing or a whole store, and concurrent starters cannot both seed (the shop row's
 * primary key makes the second one wait, then skip).
 */
export async function writeStoreIfAbsent(db: Db, store: StoreRows): Promise<boolean> {
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(sandboxShops)
      .values(store.shop)
      .onConflictDoNothing()
      .returning({ domain: sandboxShops.domain });
    if (inserted.length === 0) return false;
    for (const name of Object.keys(CONTENT_TABLES) as ContentName[]) {
      await insertChunked(tx, CONTENT_TABLES[name], store[name]);
    }
    return true;
  });
}

/** Replaces one shop's store with a freshly generated one (everything cascades from the shop). */
export async function replaceStore(db: Db, store: StoreRows): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(sandboxShops).where(eq(sandboxShops.domain, store.shop.domain));
    await writeStoreIfAbsent(tx as unknown as Db, store);
  });
}

type Executor = Pick<Db, 'insert'>;

async function insertChunked<T extends Parameters<Executor['insert']>[0]>(
  db: Executor,
  table: T,
  rows: T['$inferInsert'][],
): Promise<void> {
  for (let start = 0; start < rows.length; start += CHUNK) {
    await db.insert(table).values(rows.slice(start, start + CHUNK));
  }
}
