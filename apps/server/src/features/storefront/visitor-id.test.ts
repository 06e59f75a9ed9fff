import { createHmac } from 'node:crypto';
import { SIGNED_VISITOR_ID, VISITOR_ID_DAYS } from '@popstage/core/storefront';
import { describe, expect, it } from 'vitest';
import { issuedVisitor, newVisitorId, signVisitorId } from './visitor-id';

/**
 * Signed visitor ids, attacked directly: invented, borrowed from another shop, re-dated, cut,
 * expired. The format is fixed (ids live in shoppers' browsers for a month), so the signature
 * is checked against the scheme as written down, not only against itself.
 */
const SECRET = 'visitor-test-secret';
const SHOP = 'demo-store.myshopify.com';
const OTHER = 'other-store.myshopify.com';
const DAY = 86_400_000;
const NOW = new Date('2026-06-01T12:00:00Z');

/** The scheme as docs/decisions.md "Address caps (issue 28)" describes it. */
function expectedSignature(shop: string, id: string, expiryDay: number): string {
  const expiry = expiryDay.toString(36).padStart(4, '0');
  const key = createHmac('sha256', SECRET).update('popstage:visitor-id:v2').digest();
  const mac = createHmac('sha256', key).update(`${shop}\n${id}\n${expiry}`).digest('base64url');
  return `${expiry}${mac.slice(0, 18)}`;
}

const dayOf = (date: Date) => Math.floor(date.getTime() / DAY);

describe('signing', () => {
  it('writes the id, a dot, the expiry day in 4 base36 digits and 18 characters of HMAC', () => {
    const expiresAt = new Date('2026-07-01T23:59:00Z');
    const signed = signVisitorId(SECRET, SHOP, 'visitor-1', expiresAt);
    expect(signed).toBe(`visitor-1.${expectedSignature(SHOP, 'visitor-1', dayOf(expiresAt))}`);
    expect(SIGNED_VISITOR_ID.test(signed)).toBe(true);
    // Any time of the day signs the same day.
    expect(signVisitorId(SECRET, SHOP, 'visitor-1', new Date('2026-07-01T00:00:00Z'))).toBe(signed);
  });

  it('issues new ids valid for VISITOR_ID_DAYS, random unless renewing', () => {
    const first = newVisitorId(SECRET, SHOP, NOW);
    const second = newVisitorId(SECRET, SHOP, NOW);
    const [id] = first.split('.');
    expect(id).toMatch(/^[\w-]{22}$/);
    expect(second.split('.')[0]).not.toBe(id);
    const expiryDay = dayOf(new Date(NOW.getTime() + VISITOR_ID_DAYS * DAY));
    expect(first).toBe(`${id}.${expectedSignature(SHOP, id as string, expiryDay)}`);

    const renewed = newVisitorId(SECRET, SHOP, new Date(NOW.getTime() + 20 * DAY), 'kept');
    expect(renewed).toBe(`kept.${expectedSignature(SHOP, 'kept', expiryDay + 20)}`);
  });
});

describe('reading a signed id', () => {
  const expiresAt = new Date(NOW.getTime() + 10 * DAY);
  const signed = signVisitorId(SECRET, SHOP, 'shopper', expiresAt);

  it('answers the visitor of an id this app signed for this shop', () => {
    expect(issuedVisitor(SECRET, SHOP, signed, NOW)).toBe('shopper');
    expect(issuedVisitor(SECRET, SHOP, newVisitorId(SECRET, SHOP, NOW, 'again'), NOW)).toBe(
      'again',
    );
  });

  it('refuses another shop’s id, another secret’s, and one not in the signed form', () => {
    expect(issuedVisitor(SECRET, OTHER, signed, NOW)).toBeNull();
    expect(issuedVisitor('another-secret', SHOP, signed, NOW)).toBeNull();
    for (const text of ['shopper', '', 'shopper.', `.${signed.split('.')[1]}`, `${signed}x`]) {
      expect(issuedVisitor(SECRET, SHOP, text, NOW)).toBeNull();
    }
  });

  it('refuses a signed id whose visitor part is not of the issued form (too long, other characters)', () => {
    // Correctly signed, so only the format stands between these and the events table.
    for (const visitor of ['x'.repeat(65), 'has space', 'semi;colon']) {
      const forged = signVisitorId(SECRET, SHOP, visitor, expiresAt);
      expect(issuedVisitor(SECRET, SHOP, forged, NOW)).toBeNull();
    }
    expect(
      issuedVisitor(SECRET, SHOP, signVisitorId(SECRET, SHOP, 'x'.repeat(64), expiresAt), NOW),
    ).toBe('x'.repeat(64));
  });

  it('refuses an id with its visitor swapped, a character changed, or its expiry moved', () => {
    const signature = signed.split('.')[1] as string;
    expect(issuedVisitor(SECRET, SHOP, `intruder.${signature}`, NOW)).toBeNull();
    const flipped = `${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`;
    expect(issuedVisitor(SECRET, SHOP, `shopper.${flipped}`, NOW)).toBeNull();
    // A later expiry with the old MAC: the day is signed too.
    const later = (dayOf(expiresAt) + 300).toString(36).padStart(4, '0');
    expect(issuedVisitor(SECRET, SHOP, `shopper.${later}${signature.slice(4)}`, NOW)).toBeNull();
  });

  it('accepts an id through its expiry day, refuses it after unless renewing', () => {
    const lastMoment = new Date((dayOf(expiresAt) + 1) * DAY - 1);
    expect(issuedVisitor(SECRET, SHOP, signed, lastMoment)).toBe('shopper');
    const after = new Date((dayOf(expiresAt) + 1) * DAY);
    expect(issuedVisitor(SECRET, SHOP, signed, after)).toBeNull();
    expect(issuedVisitor(SECRET, SHOP, signed, after, true)).toBe('shopper');
    expect(issuedVisitor(SECRET, SHOP, signed, lastMoment, true)).toBe('shopper');
    // Renewal does not make a forged id good.
    expect(issuedVisitor(SECRET, OTHER, signed, after, true)).toBeNull();
  });
});
