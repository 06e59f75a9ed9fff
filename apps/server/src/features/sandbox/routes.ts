import { FEATURE_FLAG_NAMES } from '@popstage/core/shop';
import { renderPlaceholderSvg } from '@popstage/shopify-sandbox/store/images';
import { SANDBOX_PRODUCT_EDITS } from '@popstage/shopify-sandbox/store/product-edits';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isShopDomain } from '../../auth/session-token';
import { forbidden, notFound } from '../../http/errors';
import { billingConfirmRoutes } from './billing-routes';
import { listDiscountCodes, planChangeOptions } from './billing-state';
import { NOTICES, type Notice, renderControlPage } from './control-page';
import { MOBILE_PRESETS } from './mobile-state';
import {
  editSandboxProduct,
  issueSessionToken,
  listShopStates,
  proposeCompanyPlanChange,
  publishAllProducts,
  requireSandboxShop,
  resetToFreshInstall,
  setAppEmbed,
  setFeatureFlags,
  setMobileAppState,
  shopState,
  uninstallApp,
} from './service';
import { sandboxServiceRoutes } from './services-routes';
import { movedStorefrontRoutes, storefrontRoutes } from './storefront-routes';

const shopDomain = z.string().max(255).refine(isShopDomain, 'Invalid shop domain');
const shopParams = z.object({ shop: shopDomain });
const flagName = z.enum(FEATURE_FLAG_NAMES);
const formBoolean = z.enum(['true', 'false']).transform((value) => value === 'true');
const catalogueId = z.string().min(1).max(100);
const mobileBody = z.object({ preset: z.enum(MOBILE_PRESETS) });
const proposeBody = z
  .object({ planId: catalogueId, addonIds: z.array(catalogueId).max(20) })
  .strict();
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
const flagsBody = z
  .partialRecord(flagName, z.boolean())
  .refine((flags) => Object.keys(flags).length > 0, 'Name at least one feature flag');

/**
 * /sandbox: the offline store's control page, its JSON twin for tests and e2e, session tokens
 * for the sandbox admin, and product images. Registered only in sandbox mode.
 */
export const sandboxRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const sandbox = deps.sandbox;
  if (!sandbox) throw new Error('sandboxRoutes need deps.sandbox');

  // The control page's forms post urlencoded bodies; only this plugin needs to read them.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 4096 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
  // Another site must not be able to reset a shop or flip flags through a visitor's browser.
  app.addHook('onRequest', async (request) => {
    if (request.method === 'POST' && request.headers['sec-fetch-site'] === 'cross-site') {
      throw forbidden('Cross-site requests to the sandbox are not allowed');
    }
  });

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
      const [states, planOptions, discountCodes] = await Promise.all([
        listShopStates(deps, sandbox),
        planChangeOptions(deps.catalogue),
        listDiscountCodes(deps.database.db),
      ]);
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(renderControlPage(states, { planOptions, discountCodes }, request.query.done));
    },
  );

  app.get(
    '/session-token',
    { schema: { querystring: z.object({ shop: shopDomain }) } },
    async (request, reply) => {
      const token = await issueSessionToken(deps, sandbox, request.query.shop);
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

  await app.register(storefrontRoutes, { prefix: '/store', sandbox });
  await app.register(movedStorefrontRoutes);
  await app.register(billingConfirmRoutes, { prefix: '/billing', sandbox });
  await app.register(sandboxServiceRoutes);

  // JSON API (tests, e2e, scripts).
  app.get('/api/shops', async () => ({ shops: await listShopStates(deps, sandbox) }));

  const stateOf = async (domain: string) => ({
    shop: await shopState(deps, sandbox, await requireSandboxShop(sandbox, domain)),
  });

  app.post('/api/shops/:shop/reset', { schema: { params: shopParams } }, async (request) => {
    await resetToFreshInstall(deps, sandbox, request.params.shop);
    return stateOf(request.params.shop);
  });

  app.post('/api/shops/:shop/uninstall', { schema: { params: shopParams } }, async (request) => {
    const delivery = await uninstallApp(app, deps, sandbox, request.params.shop);
    return {
      delivery: { webhookId: delivery.webhookId, statusCode: delivery.statusCode },
      ...(await stateOf(request.params.shop)),
    };
  });

  app.post(
    '/api/shops/:shop/flags',
    { schema: { params: shopParams, body: flagsBody } },
    async (request) => {
      await setFeatureFlags(deps, sandbox, request.params.shop, request.body);
      return stateOf(request.params.shop);
    },
  );

  app.post(
    '/api/shops/:shop/embed',
    { schema: { params: shopParams, body: z.object({ enabled: z.boolean() }).strict() } },
    async (request) => {
      await setAppEmbed(sandbox, request.params.shop, request.body.enabled);
      return stateOf(request.params.shop);
    },
  );

  app.post(
    '/api/shops/:shop/publish-products',
    { schema: { params: shopParams } },
    async (request) => {
      const published = await publishAllProducts(sandbox, request.params.shop);
      return { published, ...(await stateOf(request.params.shop)) };
    },
  );

  app.post(
    '/api/shops/:shop/propose-plan-change',
    { schema: { params: shopParams, body: proposeBody } },
    async (request) => {
      await proposeCompanyPlanChange(deps, sandbox, request.params.shop, request.body);
      return stateOf(request.params.shop);
    },
  );

  app.post(
    '/api/shops/:shop/mobile-app-state',
    { schema: { params: shopParams, body: mobileBody.strict() } },
    async (request) => {
      await setMobileAppState(deps, sandbox, request.params.shop, request.body.preset);
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
      const edited = await editSandboxProduct(app, deps, sandbox, shop, handle, request.body.edit);
      if (!edited) throw notFound(`No product ${handle} in ${shop}`);
      const { product, delivery } = edited;
      return {
        product: {
          id: product.id,
          handle: product.handle,
          status: product.status,
          totalInventory: product.totalInventory,
        },
        delivery: { webhookId: delivery.webhookId, statusCode: delivery.statusCode },
      };
    },
  );

  // Form twins of the above for the control page: 303 back to it, with a notice.
  const backTo = (domain: string, notice: Notice) =>
    `/sandbox?done=${notice}#${encodeURIComponent(domain)}`;

  app.post('/shops/:shop/reset', { schema: { params: shopParams } }, async (request, reply) => {
    await resetToFreshInstall(deps, sandbox, request.params.shop);
    return reply.redirect(backTo(request.params.shop, 'reset'), 303);
  });

  app.post('/shops/:shop/uninstall', { schema: { params: shopParams } }, async (request, reply) => {
    const delivery = await uninstallApp(app, deps, sandbox, request.params.shop);
    const accepted = delivery.statusCode < 300;
    if (!accepted) {
      request.log.error(
        { status: delivery.statusCode, webhookId: delivery.webhookId },
        'app/uninstalled webhook delivery was not accepted',
      );
    }
    return reply.redirect(
      backTo(request.params.shop, accepted ? 'uninstalled' : 'undelivered'),
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
      const edited = await editSandboxProduct(app, deps, sandbox, shop, handle, edit);
      if (!edited) return reply.redirect(backTo(shop, 'no_product'), 303);
      const { delivery } = edited;
      const accepted = delivery.statusCode < 300;
      if (!accepted) {
        request.log.error(
          { status: delivery.statusCode, webhookId: delivery.webhookId },
          'products/update webhook delivery was not accepted',
        );
      }
      return reply.redirect(backTo(shop, accepted ? 'product' : 'product_undelivered'), 303);
    },
  );

  app.post(
    '/shops/:shop/flags',
    { schema: { params: shopParams, body: z.object({ name: flagName, enabled: formBoolean }) } },
    async (request, reply) => {
      await setFeatureFlags(deps, sandbox, request.params.shop, {
        [request.body.name]: request.body.enabled,
      });
      return reply.redirect(backTo(request.params.shop, 'flags'), 303);
    },
  );

  app.post(
    '/shops/:shop/embed',
    { schema: { params: shopParams, body: z.object({ enabled: formBoolean }) } },
    async (request, reply) => {
      await setAppEmbed(sandbox, request.params.shop, request.body.enabled);
      return reply.redirect(backTo(request.params.shop, 'embed'), 303);
    },
  );

  app.post(
    '/shops/:shop/publish-products',
    { schema: { params: shopParams } },
    async (request, reply) => {
      await publishAllProducts(sandbox, request.params.shop);
      return reply.redirect(backTo(request.params.shop, 'publish'), 303);
    },
  );

  app.post(
    '/shops/:shop/propose-plan-change',
    { schema: { params: shopParams, body: proposeForm } },
    async (request, reply) => {
      await proposeCompanyPlanChange(deps, sandbox, request.params.shop, request.body);
      return reply.redirect(backTo(request.params.shop, 'plan'), 303);
    },
  );

  app.post(
    '/shops/:shop/mobile-app-state',
    { schema: { params: shopParams, body: mobileBody } },
    async (request, reply) => {
      await setMobileAppState(deps, sandbox, request.params.shop, request.body.preset);
      return reply.redirect(backTo(request.params.shop, 'mobile'), 303);
    },
  );
};
