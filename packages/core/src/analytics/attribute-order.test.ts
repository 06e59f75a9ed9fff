import { describe, expect, it } from 'vitest';
import { attributeOrder } from './attribute-order';
import { ATTRIBUTION_WINDOWS, attributionLookbackHours } from './attribution-windows';
import type { ClipInteraction, OrderLineInput } from './order-input';

const ORDERED_AT = new Date('2026-03-10T12:00:00Z');
const HOUR = 3_600_000;
const A = 'gid://shopify/Product/1';
const B = 'gid://shopify/Product/2';
const C = 'gid://shopify/Product/3';

/** An interaction `hoursBefore` the order (negative: after it). */
function event(
  type: ClipInteraction['type'],
  clipId: string,
  hoursBefore: number,
  productId: string | null = null,
): ClipInteraction {
  return {
    type,
    clipId,
    productId,
    occurredAt: new Date(ORDERED_AT.getTime() - hoursBefore * HOUR),
  };
}

function line(id: string, productId: string | null, extra: Partial<OrderLineInput> = {}) {
  return { lineItemId: id, productId, quantity: 1, revenueCents: 1000, clipId: null, ...extra };
}

function attribute(lines: OrderLineInput[], events: ClipInteraction[]) {
  return attributeOrder({ orderedAt: ORDERED_AT, lines }, events).map(
    ({ lineItemId, kind, clipId }) => ({ lineItemId, kind, clipId }),
  );
}

describe('attribution windows', () => {
  it('are 7 days for direct and indirect, 24 hours for influenced; the lookback is the widest', () => {
    expect(ATTRIBUTION_WINDOWS).toEqual({
      directHours: 168,
      indirectHours: 168,
      influencedHours: 24,
    });
    expect(attributionLookbackHours()).toBe(168);
    expect(
      attributionLookbackHours({ directHours: 1, indirectHours: 2, influencedHours: 30 }),
    ).toBe(30);
  });
});

describe('attributeOrder', () => {
  it('credits the clicked product directly and another product indirectly', () => {
    const events = [event('click', 'x', 2, A), event('view', 'y', 1)];
    expect(attribute([line('1', A), line('2', B)], events)).toEqual([
      { lineItemId: '1', kind: 'direct', clipId: 'x' },
      { lineItemId: '2', kind: 'indirect', clipId: 'x' },
    ]);
  });

  it('counts an add-to-cart like a click, and a like for indirect only', () => {
    const events = [event('add_to_cart', 'x', 3, A), event('like', 'z', 1)];
    expect(attribute([line('1', A), line('2', B)], events)).toEqual([
      { lineItemId: '1', kind: 'direct', clipId: 'x' },
      { lineItemId: '2', kind: 'indirect', clipId: 'z' },
    ]);
  });

  it('credits a view alone as influenced', () => {
    expect(attribute([line('1', A)], [event('view', 'y', 23)])).toEqual([
      { lineItemId: '1', kind: 'influenced', clipId: 'y' },
    ]);
  });

  it('takes the clip of the line property as direct, without any event', () => {
    expect(attribute([line('1', A, { clipId: 'p' }), line('2', B)], [])).toEqual([
      { lineItemId: '1', kind: 'direct', clipId: 'p' },
    ]);
  });

  it('prefers the line property over a later click of the product in another clip', () => {
    const events = [event('click', 'x', 1, A)];
    expect(attribute([line('1', A, { clipId: 'p' })], events)).toEqual([
      { lineItemId: '1', kind: 'direct', clipId: 'p' },
    ]);
  });

  it('gives each line one kind: direct over indirect over influenced', () => {
    const events = [event('view', 'v', 1), event('like', 'l', 2), event('click', 'c', 3, A)];
    expect(attribute([line('1', A), line('2', B)], events)).toEqual([
      { lineItemId: '1', kind: 'direct', clipId: 'c' },
      { lineItemId: '2', kind: 'indirect', clipId: 'l' },
    ]);
  });

  it('credits the latest qualifying interaction (last touch), whatever the input order', () => {
    const events = [
      event('click', 'old', 50, A),
      event('view', 'v-new', 2),
      event('click', 'new', 5, A),
      event('view', 'v-old', 10),
      event('like', 'liked', 4),
    ];
    expect(attribute([line('1', A), line('2', B)], events)).toEqual([
      { lineItemId: '1', kind: 'direct', clipId: 'new' },
      { lineItemId: '2', kind: 'indirect', clipId: 'liked' },
    ]);
    expect(
      attribute([line('3', C)], [event('view', 'v-old', 10), event('view', 'v-new', 2)]),
    ).toEqual([{ lineItemId: '3', kind: 'influenced', clipId: 'v-new' }]);
  });

  it('includes the window edges and nothing beyond them', () => {
    const week = ATTRIBUTION_WINDOWS.directHours;
    const justOut = week + 1 / 3_600_000;
    expect(attribute([line('1', A)], [event('click', 'x', week, A)])).toEqual([
      { lineItemId: '1', kind: 'direct', clipId: 'x' },
    ]);
    expect(attribute([line('1', A)], [event('click', 'x', justOut, A)])).toEqual([]);
    expect(attribute([line('2', B)], [event('like', 'l', week)])).toEqual([
      { lineItemId: '2', kind: 'indirect', clipId: 'l' },
    ]);
    expect(attribute([line('2', B)], [event('like', 'l', justOut)])).toEqual([]);
    expect(attribute([line('3', C)], [event('view', 'v', 24)])).toEqual([
      { lineItemId: '3', kind: 'influenced', clipId: 'v' },
    ]);
    expect(attribute([line('3', C)], [event('view', 'v', 24 + 1 / 3_600_000)])).toEqual([]);
  });

  it('falls back a kind when the stronger window has passed', () => {
    // The product's own click is 8 days old, a like 2 days old: indirect, not direct.
    const events = [event('click', 'x', 8 * 24, A), event('like', 'l', 48), event('view', 'v', 1)];
    expect(attribute([line('1', A)], events)).toEqual([
      { lineItemId: '1', kind: 'indirect', clipId: 'l' },
    ]);
    // Only a 2-day-old view and an 8-day-old click: nothing reaches.
    expect(
      attribute([line('1', A)], [event('click', 'x', 8 * 24, A), event('view', 'v', 48)]),
    ).toEqual([]);
  });

  it('ignores interactions after the order, impressions and unlikes', () => {
    const events = [
      event('click', 'late', -0.01, A),
      event('view', 'late-view', -1),
      event('impression', 'seen', 1),
      event('unlike', 'u', 1),
    ];
    expect(attribute([line('1', A)], events)).toEqual([]);
  });

  it('counts an interaction at the order instant', () => {
    expect(attribute([line('1', A)], [event('add_to_cart', 'x', 0, A)])).toEqual([
      { lineItemId: '1', kind: 'direct', clipId: 'x' },
    ]);
  });

  it('needs the same product for direct: a click on another product is indirect', () => {
    expect(attribute([line('1', A)], [event('click', 'x', 1, B)])).toEqual([
      { lineItemId: '1', kind: 'indirect', clipId: 'x' },
    ]);
  });

  it('credits nothing without interactions (no visitor), and never lines without a product', () => {
    expect(attribute([line('1', A), line('2', B)], [])).toEqual([]);
    expect(attribute([line('9', null, { clipId: 'p' })], [event('click', 'x', 1, A)])).toEqual([]);
  });

  it('carries the line’s quantity and discounted revenue', () => {
    const lines = [line('1', A, { quantity: 3, revenueCents: 2550 })];
    expect(attributeOrder({ orderedAt: ORDERED_AT, lines }, [event('view', 'v', 1)])).toEqual([
      {
        lineItemId: '1',
        productId: A,
        clipId: 'v',
        kind: 'influenced',
        quantity: 3,
        revenueCents: 2550,
      },
    ]);
  });

  it('follows the windows it is given', () => {
    const windows = { directHours: 1, indirectHours: 2, influencedHours: 3 };
    const lines = [line('1', A)];
    const run = (events: ClipInteraction[]) =>
      attributeOrder({ orderedAt: ORDERED_AT, lines }, events, windows).map((a) => a.kind);
    expect(run([event('click', 'x', 1.5, A)])).toEqual(['indirect']);
    expect(run([event('click', 'x', 2.5, A)])).toEqual([]);
    expect(run([event('view', 'v', 2.5)])).toEqual(['influenced']);
  });
});
