import { z } from 'zod';
import { MAX_LINE_QUANTITY } from './storefront-cart';

/**
 * Request bodies of the sandbox store's AJAX cart, as Shopify accepts them: JSON, or the
 * urlencoded form a theme's product form posts, whose bracket names (`properties[Engraving]`,
 * `attributes[gift]`, `updates[123]`) are folded into objects first.
 */

const MAX_ENTRIES = 50;

/** `{ 'properties[a]': '1', id: '2' }` → `{ properties: { a: '1' }, id: '2' }`; JSON passes as is. */
function foldBrackets(body: unknown): unknown {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return body;
  const folded: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(body)) {
    const match = /^(properties|attributes|updates)\[([^\]]*)\]$/.exec(name);
    if (!match?.[1]) {
      folded[name] = value;
      continue;
    }
    const group = (folded[match[1]] ?? {}) as Record<string, unknown>;
    group[match[2] ?? ''] = value;
    folded[match[1]] = group;
  }
  return folded;
}

const withForms = <T extends z.ZodType>(schema: T) => z.preprocess(foldBrackets, schema);

/** Values may come as numbers or booleans in JSON; Shopify stores them as text. */
const text = z
  .union([z.string().max(1000), z.number(), z.boolean()])
  .transform((value) => String(value));
const textRecord = z
  .record(z.string().min(1).max(255), text)
  .refine((record) => Object.keys(record).length <= MAX_ENTRIES, 'Too many entries');

const variantId = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const quantity = z.coerce.number().int().min(0).max(MAX_LINE_QUANTITY);

const addItem = z.object({
  id: variantId,
  quantity: quantity.min(1).default(1),
  properties: textRecord.default({}),
});

/** `{ items: [...] }`, or one item's fields at the top level (then one line item is answered). */
export const addBody = withForms(
  z.union([
    z.object({ items: z.array(addItem).min(1).max(MAX_ENTRIES) }),
    addItem.transform((item) => ({ item })),
  ]),
);

export const changeBody = withForms(
  z
    .object({
      line: z.coerce.number().int().min(1).max(1000).optional(),
      id: z.union([z.string().min(1).max(100), z.number().int().positive()]).optional(),
      quantity: quantity.optional(),
      properties: textRecord.optional(),
    })
    .refine((body) => body.line !== undefined || body.id !== undefined, {
      message: 'no valid id or line parameter',
    })
    .transform(({ id, ...rest }) => ({ ...rest, id: id === undefined ? undefined : String(id) })),
);

export const updateBody = withForms(
  z.object({
    updates: z
      .union([
        z.array(quantity).max(1000),
        z
          .record(z.string().min(1).max(100), quantity)
          .refine((record) => Object.keys(record).length <= MAX_ENTRIES, 'Too many updates'),
      ])
      .optional(),
    attributes: textRecord.optional(),
    note: z.string().max(5000).nullable().optional(),
  }),
);
