import type { Catalogue } from '@popstage/core/billing';
import type { Db } from '../../db/client';
import type { discountCodes } from '../../db/schema';
import {
  insertCatalogueCodes,
  insertDiscountCodeRow,
  selectDiscountCodes,
  setDiscountCodeEnd,
} from './discount-code-store';

/** Staff's operations on discount codes (the operator console), and the sandbox's seed. */

/** The sandbox's codes from the catalogue file; an existing code is never overwritten. */
export function seedDiscountCodes(
  db: Db,
  catalogue: Pick<Catalogue, 'discountCodes'>,
): Promise<void> {
  return insertCatalogueCodes(db, catalogue);
}

/** Every code, by name (codes are not per shop). */
export function listDiscountCodes(db: Db) {
  return selectDiscountCodes(db);
}

/** A new code from staff; false when the code exists already (nothing changes). */
export function insertDiscountCode(
  db: Db,
  values: typeof discountCodes.$inferInsert,
): Promise<boolean> {
  return insertDiscountCodeRow(db, values);
}

/** Ends a code now (redemptions already made keep it); false for an unknown code. */
export function endDiscountCode(db: Db, code: string, at: Date): Promise<boolean> {
  return setDiscountCodeEnd(db, code, at);
}
