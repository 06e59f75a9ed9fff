import { z } from 'zod';
import { dataAnswer } from '../contract/answers';
import { defineRoute } from '../contract/define';
import {
  bannerTextSchema,
  collectionGidSchema,
  hexColourSchema,
  menuHandleSchema,
  requiredName,
  supportUrlSchema,
} from './fields';
import { APP_REQUEST_TYPE, CUSTOM_FONTS, INVENTORY_LIMIT_MAX, INVENTORY_LIMIT_MIN } from './limits';
import { MOBILE_MESSAGES as M } from './messages';

/**
 * The mobile app builder's calls (spec 03 §7). The spec's paths for the app request, the Apple
 * e-mail and the shop; the "legacy store service" (app-setup, app-config, files/signed-link) is
 * served by this server under /api/store/v1 (docs/decisions.md). The shop is always the session's.
 */

const isCustomFont = (font: string) => (CUSTOM_FONTS as readonly string[]).includes(font);

const assetUrl = z.string().trim().min(1, M.required).max(2048).url(M.required);

/** What the merchant sends with Submit: the request of spec 03 §3 plus the colours and collection. */
export const appRequestBodySchema = z.object({
  request_type: z.literal(APP_REQUEST_TYPE).default(APP_REQUEST_TYPE),
  appleCompanyName: requiredName,
  appleDevTeamId: requiredName,
  desiredAppName: requiredName,
  altAppNameOne: requiredName,
  altAppNameTwo: requiredName,
  iconS3Url: assetUrl,
  launchS3Url: assetUrl,
  supportUrl: supportUrlSchema,
  primaryColor: hexColourSchema,
  secondaryColor: hexColourSchema,
  collectionId: collectionGidSchema,
});
export type AppRequestBody = z.input<typeof appRequestBodySchema>;

/** The app request as the build service answers it (spec 03 §3), with what was sent. */
export const appRequestSchema = z.object({
  id: z.string(),
  sk_identifier: z.string(),
  request_type: z.literal(APP_REQUEST_TYPE),
  iosStatus: z.string().nullable(),
  androidStatus: z.string().nullable(),
  iosLink: z.string().nullable(),
  androidLink: z.string().nullable(),
  customerIssue: z.string().nullable(),
  /** The blocked reason, or null. */
  blocked: z.string().nullable(),
  submittedAt: z.string(),
  appleCompanyName: z.string(),
  appleDevTeamId: z.string(),
  desiredAppName: z.string(),
  altAppNameOne: z.string(),
  altAppNameTwo: z.string(),
  iconS3Url: z.string(),
  launchS3Url: z.string(),
  supportUrl: z.string(),
});
export type AppRequest = z.infer<typeof appRequestSchema>;

/** The shop's mobile plan as Setup shows it (spec 03 §6). */
export const mobilePlanSchema = z.object({
  name: z.enum(['basic', 'pro', 'premium']),
  android: z.boolean(),
  /** mobile.appDownloads.max; -1 unlimited, null when the catalogue does not say. */
  downloadsMax: z.number().int().nullable(),
});
export type MobilePlanFacts = z.infer<typeof mobilePlanSchema>;

const stepTime = z.number().int().min(0);
export const appSetupSchema = z.object({
  dunsCompletedAt: stepTime,
  iosDevCompletedAt: stepTime,
  addDevEmailCompletedAt: stepTime,
});
export type AppSetup = z.infer<typeof appSetupSchema>;
export const APP_SETUP_STEPS = Object.keys(appSetupSchema.shape) as (keyof AppSetup)[];

const inventoryLimit = z
  .number({ error: M.invalidInput })
  .int(M.invalidInput)
  .min(INVENTORY_LIMIT_MIN, M.invalidInput)
  .max(INVENTORY_LIMIT_MAX, M.invalidInput);

/** The appearance and menus a save may change; every field optional, each checked when sent. */
export const appConfigBodySchema = z
  .object({
    collectionId: collectionGidSchema,
    primaryColor: z.string().trim().min(1, M.requiredField).pipe(hexColourSchema),
    secondaryColor: z.string().trim().min(1, M.requiredField).pipe(hexColourSchema),
    bannerColor: z.string().trim().min(1, M.requiredField).pipe(hexColourSchema),
    liveBannerColor: z.string().trim().min(1, M.requiredField).pipe(hexColourSchema),
    bannerTitle: bannerTextSchema,
    bannerText: bannerTextSchema,
    liveBannerTitle: bannerTextSchema,
    liveBannerText: bannerTextSchema,
    // Only the fonts the Appearance tab offers: the branded app ships exactly these. A string
    // refined rather than an enum, so that the admin's form can send its field as it holds it.
    font: z.string({ error: M.unknownFont }).refine(isCustomFont, M.unknownFont),
    headerLogoUrl: z.string().trim().url().max(2048).nullable(),
    menuHandle: menuHandleSchema,
    shopMenuHandle: menuHandleSchema,
    customLinksHandle: menuHandleSchema,
    showInventoryLimit: inventoryLimit,
  })
  .partial()
  .strict();
export type AppConfigBody = z.input<typeof appConfigBodySchema>;

export const appConfigSchema = z.object({
  /** The public id a branded app (and the preview) reads its config by: /mobile/v1/config/:id. */
  publicAppId: z.string(),
  featuredShopifyCollectionGid: z.string().nullable(),
  primaryColor: z.string().nullable(),
  secondaryColor: z.string().nullable(),
  bannerColor: z.string().nullable(),
  liveBannerColor: z.string().nullable(),
  bannerTitle: z.string().nullable(),
  bannerText: z.string().nullable(),
  liveBannerTitle: z.string().nullable(),
  liveBannerText: z.string().nullable(),
  customFont: z.string().nullable(),
  headerLogoUrl: z.string().nullable(),
  menuHandle: z.string().nullable(),
  shopMenuHandle: z.string().nullable(),
  customLinksHandle: z.string().nullable(),
  showInventoryLimit: z.number().int(),
  customerAccountClientId: z.string().nullable(),
});
export type AppConfig = z.infer<typeof appConfigSchema>;

export const collectionOptionSchema = z.object({ value: z.string(), label: z.string() });
export type CollectionOption = z.infer<typeof collectionOptionSchema>;

export const catalogueProductSchema = z.object({
  id: z.string(),
  title: z.string(),
  handle: z.string(),
  imageUrl: z.string().nullable(),
  price: z.string(),
  currencyCode: z.string(),
  availableForSale: z.boolean(),
});
export type MobileCatalogueProduct = z.infer<typeof catalogueProductSchema>;

export const collectionWithProductsSchema = z.object({
  id: z.string(),
  title: z.string(),
  handle: z.string(),
  products: z.array(catalogueProductSchema),
});
export type CollectionWithProducts = z.infer<typeof collectionWithProductsSchema>;

export interface MobileMenuItem {
  id: string;
  title: string;
  url: string | null;
  type: string;
  resourceId: string | null;
  items: MobileMenuItem[];
}
export const menuItemSchema: z.ZodType<MobileMenuItem> = z.lazy(() =>
  z.object({
    id: z.string(),
    title: z.string(),
    url: z.string().nullable(),
    type: z.string(),
    resourceId: z.string().nullable(),
    items: z.array(menuItemSchema),
  }),
);
export const menuSchema = z.object({
  handle: z.string(),
  title: z.string(),
  items: z.array(menuItemSchema),
});
export type MobileMenu = z.infer<typeof menuSchema>;

const collectionParams = z.object({
  collectionId: z.string().regex(/^gid:\/\/shopify\/Collection\/\d+$/, 'Invalid collection id'),
});

export const mobileContract = {
  appRequest: defineRoute({
    method: 'GET',
    path: '/api/shopify/shop/mobile/app-request',
    query: z.object({
      appRequestId: z.string().max(64).optional(),
      appRequestSkId: z.string().max(64).optional(),
    }),
    response: dataAnswer(appRequestSchema.nullable()),
    summary: "The shop's app request (an id given must be the shop's own)",
  }),
  submitAppRequest: defineRoute({
    method: 'POST',
    path: '/api/shopify/shop/mobile/app-request',
    body: appRequestBodySchema,
    response: dataAnswer(appRequestSchema),
    summary: 'Submits the branded-app request once (checklist, colours and collection checked)',
  }),
  linkAppRequest: defineRoute({
    method: 'POST',
    path: '/api/shopify/shop/app-request',
    body: z.object({ requestId: z.string().max(64), skIdentifier: z.string().max(64) }),
    response: z.object({ success: z.literal(true) }),
    summary: "Records the request's id and sk identifier on the shop (its own request only)",
  }),
  appleEmail: defineRoute({
    method: 'GET',
    path: '/api/shopify/shop/mobile/apple-email',
    query: z.object({ shopifySubdomain: z.string().max(255) }),
    response: dataAnswer(z.object({ emailAddress: z.string() })),
    summary: "The developer e-mail the merchant invites to the Apple team (the shop's own only)",
  }),
  appSetup: defineRoute({
    method: 'GET',
    path: '/api/store/v1/app-setup',
    response: z.object({ data: appSetupSchema, plan: mobilePlanSchema }),
    summary: "The checklist's three completion timestamps (0: not done) and the mobile plan",
  }),
  saveAppSetup: defineRoute({
    method: 'POST',
    path: '/api/store/v1/app-setup',
    body: appSetupSchema.partial().strict(),
    response: dataAnswer(appSetupSchema),
    summary: 'Saves checklist steps (timestamps in ms; 0 undoes a step)',
  }),
  appConfig: defineRoute({
    method: 'GET',
    path: '/api/store/v1/app-config',
    response: dataAnswer(appConfigSchema),
    summary: "The branded app's appearance and menus",
  }),
  saveAppConfig: defineRoute({
    method: 'POST',
    path: '/api/store/v1/app-config',
    body: appConfigBodySchema,
    response: dataAnswer(appConfigSchema),
    summary: 'Saves appearance or menus (after submission; a featured collection required)',
  }),
  signedLink: defineRoute({
    method: 'GET',
    path: '/api/store/v1/files/signed-link',
    query: z.object({
      path: z.string().max(300),
      contentType: z.enum(['image/gif', 'image/jpeg', 'image/png'], {
        error: 'Accepted images: gif, jpg, png',
      }),
      fileName: z.string().max(255),
      public: z.literal('true').optional(),
    }),
    response: z.object({
      uploadURL: z.string(),
      headers: z.record(z.string(), z.string()),
      publicUrl: z.string(),
    }),
    summary: 'A signed upload URL under apps/{shop} and the public URL the file will have',
  }),
  collections: defineRoute({
    method: 'GET',
    path: '/api/mobile/catalogue/collections',
    query: z.object({ query: z.string().trim().max(255).optional() }),
    response: dataAnswer(z.array(collectionOptionSchema)),
    summary: 'Storefront API collection search by title (first 20)',
  }),
  collection: defineRoute({
    method: 'GET',
    path: '/api/mobile/catalogue/collections/:collectionId',
    params: collectionParams,
    response: dataAnswer(collectionWithProductsSchema.nullable()),
    summary: 'A collection and its first 5 products (the preview)',
  }),
  menu: defineRoute({
    method: 'GET',
    path: '/api/mobile/catalogue/menus/:handle',
    params: z.object({ handle: menuHandleSchema.min(1) }),
    response: dataAnswer(menuSchema.nullable()),
    summary: "The store's menu by handle (null when it has none)",
  }),
};

/** GET /mobile/v1/config/:publicAppId: what a branded app (and the preview) reads, no session. */
export const publicMobileConfigSchema = z.object({
  shop: z.object({ name: z.string(), domain: z.string(), primaryDomainUrl: z.string() }),
  appName: z.string().nullable(),
  config: appConfigSchema.omit({ publicAppId: true }),
  featuredCollection: collectionWithProductsSchema.nullable(),
  menus: z.object({
    main: menuSchema.nullable(),
    shop: menuSchema.nullable(),
    customLinks: menuSchema.nullable(),
  }),
  popclipsFeedUrl: z.string(),
});
