import type { Catalogue, DiscountCode } from '@popstage/core/billing';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { discountCodes } from '../../db/schema';

/**
 * Discount codes are the one part of the billing catalogue kept in a table: in production staff
 * manage them. Plans, add-ons and features are read from deps.catalogue (catalogue.v1.json in
 * memory) and never stored.
 */

/** The sandbox's codes from the catalogue file; an existing code is never overwritten. */
export async function insertCatalogueCodes(db: Db, catalogue: Pick<Catalogue, 'discountCodes'>) {
  if (catalogue.discountCodes.length === 0) return;
  await db
    .insert(discountCodes)
    .values(
      catalogue.discountCodes.map((code) => ({
        code: code.code,
        description: code.description,
        kind: code.kind,
        value: code.value === null ? null : String(code.value),
        appliesTo: code.appliesTo,
        startsAt: new Date(code.startsAt),
        endsAt: code.endsAt ? new Date(code.endsAt) : null,
        maxRedemptions: code.maxRedemptions,
      })),
    )
    .onConflictDoNothing();
}

export async function findDiscountCode(db: Db, code: string): Promise<DiscountCode | null> {
  const [row] = await db.select().from(discountCodes).where(eq(discountCodes.code, code));
  if (!row) return null;
  const common = {
    code: row.code,
    description: row.description,
    appliesTo: row.appliesTo,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt?.toISOString() ?? null,
    maxRedemptions: row.maxRedemptions,
  };
  if (row.kind === 'percentage') return { ...common, kind: 'percentage', value: Number(row.value) };
  if (row.kind === 'fixed_amount') {
    return { ...common, kind: 'fixed_amount', value: row.value ?? '0.00' };
  }
  return { ...common, kind: 'free_popclips_addon', value: null };
}

/** Every code, by name (the staff API lists them; codes are not per shop). */
export async function selectDiscountCodes(db: Db) {
  return db.select().from(discountCodes).orderBy(asc(discountCodes.code));
}

/** A new code from staff; false when the code exists already (nothing changes). */
export async function insertDiscountCodeRow(
  db: Db,
  values: typeof discountCodes.$inferInsert,
): Promise<boolean> {
  const rows = await db.insert(discountCodes).values(values).onConflictDoNothing().returning();
  return rows.length > 0;
}

/** Ends a code now (redemptions already made keep it); false for an unknown code. */
export async function setDiscountCodeEnd(db: Db, code: string, at: Date): Promise<boolean> {
  const rows = await db
    .update(discountCodes)
    .set({ endsAt: at })
    .where(eq(discountCodes.code, code))
    .returning();
  return rows.length > 0;
}
