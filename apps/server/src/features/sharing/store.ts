import { shopIsServed } from '@popstage/core/shop';
import { and, asc, desc, eq, gte, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { popclips, type ShareLinkRow, shareLinks, shops } from '../../db/schema';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export async function findShareLinkByClip(
  db: Db | Tx,
  popclipId: string,
): Promise<ShareLinkRow | undefined> {
  const [row] = await db.select().from(shareLinks).where(eq(shareLinks.popclipId, popclipId));
  return row;
}

export async function insertShareLink(
  db: Db | Tx,
  values: Omit<ShareLinkRow, 'id'>,
): Promise<ShareLinkRow> {
  const [row] = await db.insert(shareLinks).values(values).returning();
  if (!row) throw new Error('share link insert returned nothing');
  return row;
}

/** Links the shop generated since `from` (the calendar month's start), deleted clips included. */
export async function countSharesSince(db: Db | Tx, shopId: string, from: Date): Promise<number> {
  const [row] = await db
    .select({ value: sql<number>`count(*)::int` })
    .from(shareLinks)
    .where(and(eq(shareLinks.shopId, shopId), gte(shareLinks.createdAt, from)));
  return Number(row?.value ?? 0);
}

/** metaIdentifiers of the shop's clips that have a link, oldest link first. */
export async function sharedClipIds(db: Db | Tx, shopId: string): Promise<string[]> {
  const rows = await db
    .select({ metaIdentifier: shareLinks.metaIdentifier })
    .from(shareLinks)
    .where(and(eq(shareLinks.shopId, shopId), isNotNull(shareLinks.popclipId)))
    .orderBy(asc(shareLinks.createdAt), asc(shareLinks.id));
  return rows.map((row) => row.metaIdentifier);
}

/** The public page's lookup: the link, its (still existing) clip and the clip's shop. */
export async function findSharedClip(db: Db, code: string) {
  const [row] = await db
    .select({ link: shareLinks, clip: popclips, shop: shops })
    .from(shareLinks)
    .innerJoin(popclips, eq(popclips.id, shareLinks.popclipId))
    .innerJoin(shops, eq(shops.id, shareLinks.shopId))
    .where(eq(shareLinks.code, code));
  return row;
}

/** A shop by its myshopify domain, when its clips are served (installed, not deactivated). */
export async function findServedShop(db: Db, domain: string) {
  const [shop] = await db.select().from(shops).where(eq(shops.shopifyDomain, domain));
  return shop && shopIsServed(shop) ? shop : undefined;
}

/** The shop's shared, processed, public clips with their links: its watch pages, newest first. */
export async function sharedClipsOfShop(db: Db, shopId: string) {
  return db
    .select({ link: shareLinks, clip: popclips })
    .from(shareLinks)
    .innerJoin(popclips, eq(popclips.id, shareLinks.popclipId))
    .where(
      and(
        eq(shareLinks.shopId, shopId),
        eq(popclips.status, 'processed'),
        eq(popclips.isPrivate, false),
      ),
    )
    .orderBy(desc(popclips.createdAt), desc(popclips.id))
    .limit(SITEMAP_VIDEOS_LIMIT);
}

/** Google reads at most 50,000 URLs per sitemap; a shop's shared clips stay far below. */
const SITEMAP_VIDEOS_LIMIT = 5_000;
