import { z } from 'zod';
import { dataAnswer } from '../contract/answers';
import { defineRoute } from '../contract/define';
import { PLAYER_POSITION_KEYS, playerPositionSchema } from '../placement/positions';
import { isShopDomain } from './domain';
import { shopInfoBodySchema } from './shop-info';
import { shopSchema } from './types';

/** The shop calls of spec 01 §3, §7 (docs/api.md "Shop"). The shop is the session token's. */

/** The Mobile customer-account login screen's view of the shop. */
const shopDetailsSchema = z.object({
  shopifyDomain: z.string(),
  shopName: z.string(),
  ownerName: z.string(),
  ownerEmail: z.string(),
  primaryDomainUrl: z.string(),
  currency: z.string(),
  customerAccountClientId: z.string().nullable(),
});
export type ShopDetails = z.infer<typeof shopDetailsSchema>;

/** The shop's stored player positions (null where unset), by shop-info key. */
const shopPositionsSchema = z.object({
  shopifyDomain: z.string(),
  shopName: z.string(),
  ...(Object.fromEntries(
    PLAYER_POSITION_KEYS.map((key) => [key, playerPositionSchema.nullable()]),
  ) as Record<(typeof PLAYER_POSITION_KEYS)[number], z.ZodNullable<typeof playerPositionSchema>>),
});
export type ShopPositions = z.infer<typeof shopPositionsSchema>;

export const shopContract = {
  shop: defineRoute({
    method: 'GET',
    path: '/api/shopify/shop',
    response: shopSchema,
    summary:
      'The Shop entity: the app load (installs on first call, reinstalls after an uninstall)',
  }),
  embed: defineRoute({
    method: 'GET',
    path: '/api/shopify/shop/embed',
    response: z.object({ embedEnabled: z.boolean() }),
    summary: "Whether the theme's Popstage app embed is on",
  }),
  livePage: defineRoute({
    method: 'POST',
    path: '/api/shopify/shop/live-page',
    response: z.object({ livePageCreated: z.boolean() }),
    summary: 'Creates the storefront live page once',
  }),
  saveInfo: defineRoute({
    method: 'POST',
    path: '/api/shopify/shop-info',
    body: shopInfoBodySchema,
    response: z.object({
      success: z.literal(true),
      data: z.object({ key: z.string(), value: z.unknown() }),
    }),
    summary: 'Stores one allow-listed shop-info value (player positions, skip flags, client id)',
  }),
  details: defineRoute({
    method: 'GET',
    path: '/api/shopify/shop-details',
    response: dataAnswer(z.object({ shop: shopDetailsSchema })),
    summary: "The shop's names, domains and customer-account client id",
  }),
  positions: defineRoute({
    method: 'GET',
    path: '/api/shopify/shop/:shopifyDomain',
    params: z.object({
      shopifyDomain: z.string().refine(isShopDomain, 'Invalid shop domain'),
    }),
    response: dataAnswer(shopPositionsSchema),
    summary: "The shop's player positions (403 for another shop's domain)",
  }),
};
