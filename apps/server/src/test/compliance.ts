import { randomBytes } from 'node:crypto';
import { CLIP_LINE_PROPERTY, VISITOR_CART_ATTRIBUTE } from '@popstage/core/analytics';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { queryRows } from '../db/client';
import type { ShopRow } from '../db/schema';
import { clipFolder, derivedKeys } from '../features/popclips';
import { insertPopclip } from '../features/popclips/store';
import { insertShareLink } from '../features/sharing/store';
import type { TestApp } from './app';
import { signedVisitor } from './visitor';
import { postWebhook } from './webhooks';

/** Fixtures for the uninstall and privacy webhook tests: a shop with clips, media, orders. */

/** A processed clip with its media objects and a share link; answers the link's code. */
export async function clipWithMedia(t: TestApp, shop: ShopRow, id: string): Promise<string> {
  const now = t.clock.now();
  const folder = clipFolder(shop.id, id);
  const keys = derivedKeys(folder);
  const originalKey = `${folder}/original-video.mp4`;
  for (const key of [originalKey, keys.playable, keys.thumbnail]) {
    await t.deps.media.putObject(key, 'media', { contentType: 'video/mp4' });
  }
  const clip = await insertPopclip(t.deps.database.db, {
    shopId: shop.id,
    metaIdentifier: id,
    title: `Clip ${id}`,
    status: 'processed',
    originalKey,
    originalContentType: 'video/mp4',
    playableKey: keys.playable,
    thumbnailKey: keys.thumbnail,
    displayTargets: ['WEB_PDP'],
    createdAt: now,
    updatedAt: now,
  });
  const code = randomBytes(16).toString('base64url');
  await insertShareLink(t.deps.database.db, {
    shopId: shop.id,
    popclipId: clip.id,
    metaIdentifier: id,
    code,
    createdAt: now,
  });
  return code;
}

/** Storefront events of a visitor through the public API (202 expected). */
export async function storefrontEvents(
  t: TestApp,
  shop: string,
  visitorId: string,
  events: { type: string; clipId: string; productId?: string }[],
) {
  const response = await t.app.inject({
    method: 'POST',
    url: `/storefront/v1/shops/${shop}/events`,
    payload: { visitorId: signedVisitor(shop, visitorId), events },
  });
  expect(response.statusCode, response.body).toBe(202);
}

/** An orders/create delivery of one line credited to `clipId` through its line property. */
export async function placeOrder(
  t: TestApp,
  shop: string,
  order: { id: number; visitorId: string; clipId: string; productId: number },
) {
  const response = await postWebhook(
    t,
    'orders/create',
    {
      id: order.id,
      name: `#${order.id}`,
      created_at: t.clock.now().toISOString(),
      currency: 'USD',
      total_price: '25.00',
      test: false,
      note_attributes: [{ name: VISITOR_CART_ATTRIBUTE, value: order.visitorId }],
      line_items: [
        {
          id: order.id * 10,
          product_id: order.productId,
          quantity: 1,
          price: '25.00',
          properties: [{ name: CLIP_LINE_PROPERTY, value: order.clipId }],
        },
      ],
    },
    { shop },
  );
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** Row counts of the app tables that hold a shop's data, for "nothing changed" checks. */
export async function rowCounts(t: TestApp, shopId: string) {
  const [row] = await queryRows<Record<string, number>>(
    t.deps.database.db,
    sql`select
      (select count(*)::int from shops where id = ${shopId}) as shops,
      (select count(*)::int from popclips where shop_id = ${shopId}) as clips,
      (select count(*)::int from share_links where shop_id = ${shopId}) as links,
      (select count(*)::int from storefront_events where shop_id = ${shopId}) as events,
      (select count(*)::int from popclip_likes where shop_id = ${shopId}) as likes,
      (select count(*)::int from storefront_orders where shop_id = ${shopId}) as orders,
      (select count(*)::int from order_attributions where shop_id = ${shopId}) as attributions`,
  );
  return row;
}
