import {
  flagsPatchSchema,
  MOBILE_PRESETS,
  mobileRequestChangeSchema,
  planChangeProposalSchema,
} from '@popstage/core/operator';
import { FEATURE_FLAG_NAMES, isShopDomain } from '@popstage/core/shop';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { SandboxContext } from '../context';
import { OperatorError } from '../operator/client';
import { renderPlaceholderSvg } from '../store/images';
import { SANDBOX_PRODUCT_EDITS } from '../store/product-edits';
import { MAX_VIEWS_PER_RUN } from '../traffic/generate-views';
import { HttpError, notFound } from '../web/http-error';
import type { WebhookDelivery } from '../webhooks/delivery';
import { NOTICES, type Notice, renderControlPage } from './control-page';
import { PRIVACY_REQUESTS, parseOrderNames, sendPrivacyRequest, sendShopRedact } from './privacy';
import {
  billingOffer,
  changeMobileAppRequest,
  editSandboxProduct,
  issueSessionToken,
  listShopStates,
  proposeCompanyPlanChange,
  publishAllProducts,
  requireSandboxShop,
  resetToFreshInstall,
  setAppEmbed,
  setConsentRequired,
  setFeatureFlags,
  setMobileAppState,
  setProtectedCustomerData,
  shopState,
  uninstallApp,
} from './service';
import { setStorePlan } from './store-plan';
import type { TrafficRuns } from './traffic';

const shopDomain = z.string().max(255).refine(isShopDomain, 'Invalid shop domain');
const shopParams = z.object({ shop: shopDomain });
const flagName = z.enum(FEATURE_FLAG_NAMES);
const formBoolean = z.enum(['true', 'false']).transform((value) => value === 'true');
/** A traffic run: a month of shoppers, or with `views` that many views added now. */
const trafficBody = z.object({ views: z.number().int().min(1).max(MAX_VIEWS_PER_RUN).optional() });
/** The control page's views field: digits, as a form sends them. */
const formViews = z
  .string()
  .regex(/^\d{1,5}$/, 'views: a whole number')
  .transform(Number)
  .pipe(z.number().int().min(1, 'views: at least 1').max(MAX_VIEWS_PER_RUN));
const catalogueId = z.string().min(1).max(100);
const mobileBody = z.object({ preset: z.enum(MOBILE_PRESETS) });
/** The request form sends every field, pre-filled with the current state; empty clears it. */
const emptyIsNull = z
  .string()
  .max(1000)
  .transform((value) => (value.trim() === '' ? null : value.trim()));
const mobileRequestForm = z
  .object({
    iosStatus: emptyIsNull,
    androidStatus: emptyIsNull,
    iosLink: emptyIsNull,
    androidLink: emptyIsNull,
    customerIssue: emptyIsNull,
    blockedDescription: emptyIsNull,
  })
  .partial()
  .pipe(mobileRequestChangeSchema);
/** The form has one select per feature (addon_<featureId>); an empty one means no add-on. */
const proposeForm = z
  .object({ planId: catalogueId })
  .catchall(z.string().max(100))
  .transform(({ planId, ...selects }) => ({
    planId,
    addonIds: Object.entries(selects)
      .filter(([name, value]) => name.startsWith('addon_') && value !== '')
      .map(([, value]) => value),
  }));
const productHandle = z.string().trim().toLowerCase().min(1, 'Enter a product handle').max(255);
const productEdit = z.enum(SANDBOX_PRODUCT_EDITS);
/** Orders as the merchant names them: '#1001, #1002' in the form, or a list. */
const orderNames = z
  .union([z.string().max(500), z.array(z.string().max(20)).max(50)])
  .transform((value) => parseOrderNames(Array.isArray(value) ? value.join(' ') : value));
const privacyBody = z.object({ topic: z.enum(PRIVACY_REQUESTS), orders: orderNames });

/** How a delivery went, as the JSON twins answer it (null: the app has no such subscription). */
const deliveryJson = (delivery: WebhookDelivery | null) =>
  delivery && { webhookId: delivery.webhookId, statusCode: delivery.statusCode };
const accepted = (delivery: WebhookDelivery | null) =>
  delivery?.statusCode != null && delivery.statusCode < 300;

/**
 * /sandbox: the local Shopify's control page and its JSON twin (tests, e2e, scripts), session
 * tokens for scripts, and product images. The app's side of a shop (feature flags, plan-change
 * proposals, the branded-app request) is asked of the app's staff API, never of its tables.
 */
export const controlRoutes: FastifyPluginAsyncZod<{
  ctx: SandboxContext;
  traffic: TrafficRuns;
}> = async (app, { ctx, traffic }) => {
  app.get(
    '/',
    {
      schema: {
        querystring: z.object({
          done: z
            .enum(Object.keys(NOTICES) as [Notice, ...Notice[]])
            .optional()
            .catch(undefined),
        }),
      },
    },
    async (request, reply) => {
      const [states, offer] = await Promise.all([
        listShopStates(ctx, traffic.get),
        billingOffer(ctx),
      ]);
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(renderControlPage(states, { offer, appUrl: ctx.appUrl }, request.query.done));
    },
  );

  app.get(
    '/session-token',
    { schema: { querystring: z.object({ shop: shopDomain }) } },
    async (request, reply) => {
      const token = await issueSessionToken(ctx, request.query.shop);
      return reply.header('cache-control', 'no-store').send({ token });
    },
  );

  app.get(
    '/images/:file',
    {
      schema: {
        params: z.object({
          file: z
            .string()
            .max(200)
            .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*\.svg$/, 'Unknown image'),
        }),
      },
    },
    async (request, reply) =>
      reply
        .type('image/svg+xml')
        // The picture is a pure function of its name, so it can be cached for good.
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(renderPlaceholderSvg(request.params.file.slice(0, -'.svg'.length))),
  );

  // JSON API (tests, e2e, scripts).
  app.get('/api/shops', async () => ({ shops: await listShopStates(ctx, traffic.get) }));

  const stateOf = async (domain: string) => ({
    shop: await shopState(ctx, await requireSandboxShop(ctx, domain), traffic.get(domain)),
  });

  app.post('/api/shops/:shop/reset', { schema: { params: shopParams } }, async (request) => {
    await resetToFreshInstall(ctx, request.params.shop);
    return stateOf(request.params.shop);
  });

  app.post('/api/shops/:shop/uninstall', { schema: { params: shopParams } }, async (request) => {
    const delivery = await uninstallApp(ctx, request.params.shop);
    return {
      delivery: deliveryJson(delivery),
      ...(await stateOf(request.params.shop)),
    };
  });

  app.post(
    '/api/shops/:shop/flags',
    { schema: { params: shopParams, body: flagsPatchSchema } },
    async (request) => {
      await setFeatureFlags(ctx, request.params.shop, request.body);
      return stateOf(request.params.shop);
    },
  );

  app.post(
    '/api/shops/:shop/embed',
    { schema: { params: shopParams, body: z.object({ enabled: z.boolean() }).strict() } },
    async (request) => {
      await setAppEmbed(ctx, request.params.shop, request.body.enabled);
      return stateOf(request.params.shop);
    },
  );

  app.post(
    '/api/shops/:shop/consent',
    { schema: { params: shopParams, body: z.object({ required: z.boolean() }).strict() } },
    async (request) => {
      await setConsentRequired(ctx, request.params.shop, request.body.required);
      return stateOf(request.params.shop);
    },
  );

  app.post(
    '/api/shops/:shop/protected-customer-data',
    { schema: { params: shopParams, body: z.object({ granted: z.boolean() }).strict() } },
    async (request) => {
      await setProtectedCustomerData(ctx, request.params.shop, request.body.granted);
      return stateOf(request.params.shop);
    },
  );

  app.post(
    '/api/shops/:shop/publish-products',
    { schema: { params: shopParams } },
    async (request) => {
      const published = await publishAllProducts(ctx, request.params.shop);
      return { published, ...(await stateOf(request.params.shop)) };
    },
  );

  app.post(
    '/api/shops/:shop/propose-plan-change',
    { schema: { params: shopParams, body: planChangeProposalSchema } },
    async (request) => {
      await proposeCompanyPlanChange(ctx, request.params.shop, request.body);
      return stateOf(request.params.shop);
    },
  );

  app.post(
    '/api/shops/:shop/mobile-app-state',
    { schema: { params: shopParams, body: mobileBody.strict() } },
    async (request) => {
      await setMobileAppState(ctx, request.params.shop, request.body.preset);
      return stateOf(request.params.shop);
    },
  );

  app.post(
    '/api/shops/:shop/mobile-app-request',
    { schema: { params: shopParams, body: mobileRequestChangeSchema } },
    async (request) => {
      await changeMobileAppRequest(ctx, request.params.shop, request.body);
      return stateOf(request.params.shop);
    },
  );

  app.post(
    '/api/shops/:shop/products/:handle/edit',
    {
      schema: {
        params: shopParams.extend({ handle: productHandle }),
        body: z.object({ edit: productEdit }).strict(),
      },
    },
    async (request) => {
      const { shop, handle } = request.params;
      const edited = await editSandboxProduct(ctx, shop, handle, request.body.edit);
      if (!edited) throw notFound(`No product ${handle} in ${shop}`);
      const { product, delivery } = edited;
      return {
        product: {
          id: product.id,
          handle: product.handle,
          status: product.status,
          totalInventory: product.totalInventory,
        },
        delivery: deliveryJson(delivery),
      };
    },
  );

  app.post(
    '/api/shops/:shop/privacy-requests',
    { schema: { params: shopParams, body: privacyBody.strict() } },
    async (request) => {
      const { shop } = request.params;
      const { topic, orders } = request.body;
      return { delivery: deliveryJson(await sendPrivacyRequest(ctx, shop, topic, orders)) };
    },
  );

  app.post(
    '/api/shops/:shop/traffic',
    { schema: { params: shopParams } },
    async (request, reply) => {
      // No body: a month of traffic; `{ views }`: that many views added now.
      const body = trafficBody.strict().safeParse(request.body ?? {});
      if (!body.success) throw new HttpError(400, body.error.issues[0]?.message ?? 'Invalid body');
      return reply
        .status(202)
        .send({ traffic: await traffic.start(request.params.shop, body.data) });
    },
  );

  app.get('/api/shops/:shop/traffic', { schema: { params: shopParams } }, async (request) => {
    await requireSandboxShop(ctx, request.params.shop);
    return { traffic: traffic.get(request.params.shop) };
  });

  app.post('/api/shops/:shop/shop-redact', { schema: { params: shopParams } }, async (request) => ({
    delivery: deliveryJson(await sendShopRedact(ctx, request.params.shop)),
  }));

  // Form twins of the above for the control page: 303 back to it, with a notice.
  const backTo = (domain: string, notice: Notice) =>
    `/sandbox?done=${notice}#${encodeURIComponent(domain)}`;
  /** The app's side: a shop the app was never opened on comes back with a notice saying so. */
  const appSide = async (domain: string, done: Notice, run: () => Promise<void>) => {
    try {
      await run();
      return backTo(domain, done);
    } catch (error) {
      if (error instanceof OperatorError && error.statusCode === 409) {
        return backTo(domain, 'not_installed');
      }
      throw error;
    }
  };

  app.post('/shops/:shop/reset', { schema: { params: shopParams } }, async (request, reply) => {
    await resetToFreshInstall(ctx, request.params.shop);
    return reply.redirect(backTo(request.params.shop, 'reset'), 303);
  });

  app.post('/shops/:shop/uninstall', { schema: { params: shopParams } }, async (request, reply) => {
    const delivery = await uninstallApp(ctx, request.params.shop);
    return reply.redirect(
      backTo(request.params.shop, accepted(delivery) ? 'uninstalled' : 'undelivered'),
      303,
    );
  });

  app.post(
    '/shops/:shop/product-edit',
    {
      schema: { params: shopParams, body: z.object({ handle: productHandle, edit: productEdit }) },
    },
    async (request, reply) => {
      const { shop } = request.params;
      const { handle, edit } = request.body;
      const edited = await editSandboxProduct(ctx, shop, handle, edit);
      if (!edited) return reply.redirect(backTo(shop, 'no_product'), 303);
      return reply.redirect(
        backTo(shop, accepted(edited.delivery) ? 'product' : 'product_undelivered'),
        303,
      );
    },
  );

  app.post(
    '/shops/:shop/flags',
    { schema: { params: shopParams, body: z.object({ name: flagName, enabled: formBoolean }) } },
    async (request, reply) => {
      const { shop } = request.params;
      const { name, enabled } = request.body;
      const to = await appSide(shop, 'flags', () =>
        setFeatureFlags(ctx, shop, { [name]: enabled }),
      );
      return reply.redirect(to, 303);
    },
  );

  app.post(
    '/shops/:shop/embed',
    { schema: { params: shopParams, body: z.object({ enabled: formBoolean }) } },
    async (request, reply) => {
      await setAppEmbed(ctx, request.params.shop, request.body.enabled);
      return reply.redirect(backTo(request.params.shop, 'embed'), 303);
    },
  );

  app.post(
    '/shops/:shop/consent',
    { schema: { params: shopParams, body: z.object({ required: formBoolean }) } },
    async (request, reply) => {
      await setConsentRequired(ctx, request.params.shop, request.body.required);
      return reply.redirect(backTo(request.params.shop, 'consent'), 303);
    },
  );

  app.post(
    '/shops/:shop/protected-customer-data',
    { schema: { params: shopParams, body: z.object({ granted: formBoolean }) } },
    async (request, reply) => {
      await setProtectedCustomerData(ctx, request.params.shop, request.body.granted);
      return reply.redirect(backTo(request.params.shop, 'protected_data'), 303);
    },
  );

  app.post('/shops/:shop/traffic', { schema: { params: shopParams } }, async (request, reply) => {
    await traffic.start(request.params.shop);
    return reply.redirect(backTo(request.params.shop, 'traffic'), 303);
  });

  app.post(
    '/shops/:shop/views',
    { schema: { params: shopParams, body: z.object({ views: formViews }) } },
    async (request, reply) => {
      await traffic.start(request.params.shop, { views: request.body.views });
      return reply.redirect(backTo(request.params.shop, 'views'), 303);
    },
  );

  app.post(
    '/shops/:shop/publish-products',
    { schema: { params: shopParams } },
    async (request, reply) => {
      await publishAllProducts(ctx, request.params.shop);
      return reply.redirect(backTo(request.params.shop, 'publish'), 303);
    },
  );

  app.post(
    '/shops/:shop/propose-plan-change',
    { schema: { params: shopParams, body: proposeForm } },
    async (request, reply) => {
      const { shop } = request.params;
      const to = await appSide(shop, 'plan', () =>
        proposeCompanyPlanChange(ctx, shop, request.body),
      );
      return reply.redirect(to, 303);
    },
  );

  app.post(
    '/shops/:shop/mobile-app-state',
    { schema: { params: shopParams, body: mobileBody } },
    async (request, reply) => {
      const { shop } = request.params;
      const to = await appSide(shop, 'mobile', () =>
        setMobileAppState(ctx, shop, request.body.preset),
      );
      return reply.redirect(to, 303);
    },
  );

  app.post(
    '/shops/:shop/mobile-app-request',
    { schema: { params: shopParams, body: mobileRequestForm } },
    async (request, reply) => {
      const { shop } = request.params;
      try {
        await changeMobileAppRequest(ctx, shop, request.body);
        return reply.redirect(backTo(shop, 'mobile'), 303);
      } catch (error) {
        if (error instanceof OperatorError && error.statusCode < 500) {
          return reply.redirect(backTo(shop, 'mobile_refused'), 303);
        }
        throw error;
      }
    },
  );

  app.post(
    '/shops/:shop/privacy-requests',
    { schema: { params: shopParams, body: privacyBody } },
    async (request, reply) => {
      const { shop } = request.params;
      const { topic, orders } = request.body;
      const delivery = await sendPrivacyRequest(ctx, shop, topic, orders);
      return reply.redirect(
        backTo(shop, accepted(delivery) ? 'privacy' : 'privacy_undelivered'),
        303,
      );
    },
  );

  app.post(
    '/api/shops/:shop/store-plan',
    { schema: { params: shopParams, body: z.object({ development: z.boolean() }).strict() } },
    async (request) => {
      await setStorePlan(ctx, request.params.shop, request.body.development);
      return stateOf(request.params.shop);
    },
  );

  app.post(
    '/shops/:shop/store-plan',
    { schema: { params: shopParams, body: z.object({ development: formBoolean }) } },
    async (request, reply) => {
      await setStorePlan(ctx, request.params.shop, request.body.development);
      return reply.redirect(backTo(request.params.shop, 'store_plan'), 303);
    },
  );

  app.post(
    '/shops/:shop/shop-redact',
    { schema: { params: shopParams } },
    async (request, reply) => {
      const delivery = await sendShopRedact(ctx, request.params.shop);
      return reply.redirect(
        backTo(request.params.shop, accepted(delivery) ? 'privacy' : 'privacy_undelivered'),
        303,
      );
    },
  );
};
