import { z } from 'zod';
import { dataAnswer } from '../contract/answers';
import { defineRoute } from '../contract/define';

/** Popclips settings (spec 02 §2 Settings, §3, §7). */

const popclipsSettingsSchema = z.object({
  hidePopClipsOnPDP: z.boolean(),
  showViewsOnPopClips: z.boolean(),
  showLikesOnPopClips: z.boolean(),
  enableShopFeaturesBuyBtn: z.boolean(),
});
export type PopclipsSettings = z.infer<typeof popclipsSettingsSchema>;

/** A shop's settings until it saves them (ours; recorded in docs/decisions.md). */
export const DEFAULT_POPCLIPS_SETTINGS: PopclipsSettings = {
  hidePopClipsOnPDP: false,
  showViewsOnPopClips: true,
  showLikesOnPopClips: true,
  enableShopFeaturesBuyBtn: false,
};

/** POST /api/shopify/shop/popclips/settings: the four toggles; shopifyDomain, if sent, is checked. */
const popclipsSettingsBodySchema = popclipsSettingsSchema.extend({
  shopifyDomain: z.string().trim().max(255).optional(),
});
export type PopclipsSettingsBody = z.infer<typeof popclipsSettingsBodySchema>;

export const settingsContract = {
  popclipsSettings: defineRoute({
    method: 'GET',
    path: '/api/shopify/shop/popclips/settings',
    response: dataAnswer(popclipsSettingsSchema),
    summary: "The shop's Popclips settings (the defaults until saved)",
  }),
  savePopclipsSettings: defineRoute({
    method: 'POST',
    path: '/api/shopify/shop/popclips/settings',
    body: popclipsSettingsBodySchema,
    response: z.object({ success: z.literal(true), data: popclipsSettingsSchema }),
    summary: "Saves the four toggles (the answer's data carries no shopifyDomain)",
  }),
};
