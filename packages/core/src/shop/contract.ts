import { z } from 'zod';
import { defineRoute } from '../contract/define';
import { shopDomainSchema } from './domain';
import { PLAYER_POSITION_KEYS, playerPositionSchema, shopInfoBodySchema } from './shop-info';
import { shopSchema } from './types';

/** The Shop API (spec 01 §3, §7); the shop is always the session token's. */

const positions = Object.fromEntries(
  PLAYER_POSITION_KEYS.map((key) => [key, playerPositionSchema.nullable()]),
) as Record<(typeof PLAYER_POSITION_KEYS)[number], z.ZodNullable<typeof playerPositionSchema>>;

export const shopContract = {
  get: defineRoute({
    method: 'GET',
    path: '/api/shopify/shop',
    response: shopSchema,
    summary: 'The Shop entity; the app load (installs, reinstalls, keeps the app_url metafield)',
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
    summary: 'Creates the storefront live page once (idempotent)',
  }),
  saveInfo: defineRoute({
    method: 'POST',
    path: '/api/shopify/shop-info',
    body: shopInfoBodySchema,
    response: z.object({
      success: z.literal(true),
      data: z.object({ key: z.string(), value: z.unknown() }),
    }),
    summary: 'Stores one allow-listed shop-info value',
  }),
  details: defineRoute({
    method: 'GET',
    path: '/api/shopify/shop-details',
    response: z.object({
      data: z.object({
        shop: z.object({
          shopifyDomain: z.string(),
          shopName: z.string(),
          ownerName: z.string(),
          ownerEmail: z.string(),
          primaryDomainUrl: z.string(),
          currency: z.string(),
          customerAccountClientId: z.string().nullable(),
        }),
      }),
    }),
    summary: "The shop's identity and customer-account client id",
  }),
  byDomain: defineRoute({
    method: 'GET',
    path: '/api/shopify/shop/:shopifyDomain',
    params: z.object({ shopifyDomain: shopDomainSchema }),
    response: z.object({
      data: z.object({ shopifyDomain: z.string(), shopName: z.string(), ...positions }),
    }),
    summary: "The shop's name and the four player positions (null when unset)",
  }),
};
