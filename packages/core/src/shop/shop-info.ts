import { z } from 'zod';
import { clientIdSchema } from '../mobile/fields';
import { playerPositionSchema } from '../placement/positions';

/** The keys POST /api/shopify/shop-info accepts, each with the schema of its value. */
const SHOP_INFO_VALUE_SCHEMAS = {
  skippedFirstPopclipsCreation: z.boolean(),
  customerAccountClientId: clientIdSchema,
  featured_popclip_position_mobile_web: playerPositionSchema,
  featured_popclip_position_mobile_app: playerPositionSchema,
  miniplayer_position_mobile_web: playerPositionSchema,
  miniplayer_position_mobile_app: playerPositionSchema,
} as const;
export type ShopInfoKey = keyof typeof SHOP_INFO_VALUE_SCHEMAS;
const SHOP_INFO_KEYS = Object.keys(SHOP_INFO_VALUE_SCHEMAS) as ShopInfoKey[];

export const shopInfoBodySchema = z
  .object({
    key: z.enum(SHOP_INFO_KEYS as [ShopInfoKey, ...ShopInfoKey[]], {
      error: 'Unknown shop-info key',
    }),
    value: z.unknown(),
  })
  .superRefine((body, ctx) => {
    const valueSchema = SHOP_INFO_VALUE_SCHEMAS[body.key];
    const parsed = valueSchema.safeParse(body.value);
    if (!parsed.success) {
      ctx.addIssue({
        code: 'custom',
        path: ['value'],
        message: parsed.error.issues[0]?.message ?? 'Invalid value',
      });
    }
  })
  // The value as its schema reads it (a client id trimmed).
  .transform((body) => ({ ...body, value: SHOP_INFO_VALUE_SCHEMAS[body.key].parse(body.value) }));
