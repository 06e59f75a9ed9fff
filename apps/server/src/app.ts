import { existsSync } from 'node:fs';
import type { Writable } from 'node:stream';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import type { RouteContract } from '@popstage/core/contract';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { adminFrameRedirect } from './admin-frame-redirect';
import { requireSessionToken } from './auth/session';
import type { AppDeps } from './deps';
import { accountRoutes } from './features/account';
import { analyticsRoutes, orderWebhookRoutes, reportPageRoutes } from './features/analytics';
import { bannerRoutes } from './features/banners';
import { billingReturnRoutes, billingRoutes, billingWebhookRoutes } from './features/billing';
import { carouselRoutes } from './features/carousels';
import { catalogueRoutes } from './features/catalogue';
import {
  customersDataRequestRoutes,
  customersRedactRoutes,
  dataRequestRoutes,
  shopRedactRoutes,
} from './features/compliance';
import { healthRoutes } from './features/health';
import { helpRoutes } from './features/help';
import { appLoadRoutes, tenantHook, uninstallWebhookRoutes } from './features/install';
import { liveRoutes } from './features/live';
import { mobilePublicRoutes, mobileRoutes } from './features/mobile';
import { devicePublicRoutes, notificationRoutes } from './features/notifications';
import { offlineConsoleRoutes } from './features/offline-consoles';
import { onboardingRoutes } from './features/onboarding';
import { operatorRoutes } from './features/operator';
import { operatorConsoleRoutes } from './features/operator-console';
import {
  captionRoutes,
  popclipsRoutes,
  productDeleteWebhookRoutes,
  productUpdateWebhookRoutes,
} from './features/popclips';
import { settingsRoutes } from './features/settings';
import { sharePageRoutes, sharingRoutes } from './features/sharing';
import {
  domainWebhookRoutes,
  scopesUpdateWebhookRoutes,
  shopRoutes,
  shopUpdateWebhookRoutes,
} from './features/shop';
import { installFeedCache, storefrontRoutes } from './features/storefront';
import { adminDocumentPolicy, frameAncestors } from './http/admin-csp';
import { adminDocument } from './http/admin-document';
import { installBodyTimeout } from './http/body-timeout';
import { installCompression } from './http/compression';
import { installErrorHandling } from './http/errors';
import { checkLaunchParams, LAUNCH_PARAMS } from './http/launch-params';
import { loggerOptions } from './http/logging';
import { installMetrics } from './http/metrics';
import { installNoStoreForJson } from './http/no-store';
import { refuseRepeatedQueryKeys } from './http/repeated-query';
import { installTextGuard } from './http/text-guard';
import { LIVE_SERVICE_PREFIX } from './platform/live/own-live-service';
import { localMediaRoutes } from './platform/storage/local-routes';
import type { LocalObjectStore } from './platform/storage/local-store';

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
    /** Every route registered, so suites (tenant isolation) can prove they cover them all. */
    routeList: { method: string; url: string; contract?: RouteContract }[];
  }
}

export type App = FastifyInstance;

export async function buildApp(
  deps: AppDeps,
  options: {
    logger?: boolean;
    /** Where log lines go (tests read them); standard output otherwise. */
    logDestination?: Writable;
    routes?: 'all' | 'health';
  } = {},
): Promise<App> {
  const app = Fastify({
    logger: options.logger ? loggerOptions(deps.config.LOG_LEVEL, options.logDestination) : false,
    requestIdHeader: 'x-request-id',
    bodyLimit: 1024 * 1024,
    forceCloseConnections: 'idle',
    // A connection that sends nothing for a minute is closed; slow bodies: installBodyTimeout.
    connectionTimeout: 60_000,
    // The outer bound of any request, uploads included.
    requestTimeout: deps.config.UPLOAD_BODY_TIMEOUT_MS + 60_000,
    trustProxy: trustProxy(deps.config.TRUST_PROXY),
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('deps', deps);
  app.decorate('routeList', []);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') {
        app.routeList.push({ method, url: route.url, contract: route.config?.contract });
      }
    }
  });
  app.decorateRequest('shopDomain', '');
  installErrorHandling(app);
  installTextGuard(app);
  refuseRepeatedQueryKeys(app);
  installBodyTimeout(app, {
    bodyMs: deps.config.REQUEST_BODY_TIMEOUT_MS,
    uploadMs: deps.config.UPLOAD_BODY_TIMEOUT_MS,
  });
  installNoStoreForJson(app);
  await installMetrics(app, deps);

  await app.register(healthRoutes);
  if (options.routes === 'health') return app;
  // Before any route: writes that name a shop drop its cached storefront feed.
  installFeedCache(app);

  // Framing is governed by CSP frame-ancestors below, so helmet's X-Frame-Options stays off.
  await app.register(helmet, { contentSecurityPolicy: false, frameguard: false });
  await installCompression(app);
  app.addHook('onSend', async (request, reply, payload) => {
    const type = String(reply.getHeader('content-type') ?? '');
    // Pages that set their own policy (the public share page: framable by anyone) keep it.
    if (type.startsWith('text/html') && !reply.hasHeader('content-security-policy')) {
      reply.header('Content-Security-Policy', frameAncestors(deps.config, request.query));
    }
    return payload;
  });

  // Everything the admin calls: a verified session token names the shop.
  await app.register(async (authed) => {
    authed.addHook('onRequest', requireSessionToken(authed));
    // Per shop (the verified token's), after the token check: one shop's flood (150 csUpload
    // calls) cannot take the API from the others, and an unauthenticated caller counts nothing.
    await authed.register(rateLimit, {
      max: deps.config.API_RATE_LIMIT,
      timeWindow: '1 minute',
      keyGenerator: (request) => `shop:${request.shopDomain}`,
    });
    // After validation: a bad request is refused before any shop read.
    authed.addHook('preHandler', tenantHook(deps));
    await authed.register(appLoadRoutes);
    await authed.register(shopRoutes);
    await authed.register(billingRoutes);
    await authed.register(accountRoutes);
    await authed.register(onboardingRoutes);
    await authed.register(helpRoutes);
    await authed.register(popclipsRoutes);
    await authed.register(captionRoutes);
    await authed.register(catalogueRoutes);
    await authed.register(carouselRoutes);
    await authed.register(settingsRoutes);
    await authed.register(sharingRoutes);
    await authed.register(analyticsRoutes);
    await authed.register(dataRequestRoutes);
    await authed.register(mobileRoutes);
    await authed.register(notificationRoutes);
    await authed.register(bannerRoutes);
    await authed.register(liveRoutes);
  });
  // Shopify webhooks (HMAC-verified): billing, orders, products, uninstall, compliance topics.
  await app.register(billingWebhookRoutes);
  await app.register(orderWebhookRoutes);
  await app.register(reportPageRoutes);
  await app.register(productUpdateWebhookRoutes);
  await app.register(productDeleteWebhookRoutes);
  await app.register(uninstallWebhookRoutes);
  await app.register(scopesUpdateWebhookRoutes);
  await app.register(shopUpdateWebhookRoutes);
  for (const routes of domainWebhookRoutes) await app.register(routes);
  await app.register(customersDataRequestRoutes);
  await app.register(customersRedactRoutes);
  await app.register(shopRedactRoutes);
  // The local adapter's signed URLs (uploads and Range downloads); S3 serves its own.
  if (deps.media.kind === 'local') {
    await app.register(localMediaRoutes, {
      prefix: '/media',
      store: deps.media as LocalObjectStore,
    });
  }
  await app.register(billingReturnRoutes);
  // Public share pages of clips (no token; rate limited).
  await app.register(sharePageRoutes);
  // The public storefront API the player calls (CORS per shop, rate limited).
  await app.register(storefrontRoutes);
  await app.register(mobilePublicRoutes);
  await app.register(devicePublicRoutes);

  if (deps.localShopify) {
    await app.register(deps.localShopify.plugin, { prefix: '/sandbox' });
    deps.localShopify.bind(app);
  }
  // Popstage's own live service: seller API, studio, viewer API and media (issue 32).
  if (deps.liveService) {
    const { liveService } = deps;
    await app.register(liveService.plugin, { prefix: LIVE_SERVICE_PREFIX });
    liveService.bind(app);
    app.addHook('onClose', () => liveService.close());
  }
  // The staff API (off without an operator credential), and the consoles of the app's offline
  // stand-ins for SMS and support wherever those run (sandbox mode, or Shopify mode with
  // ALLOW_SANDBOX_SERVICES).
  await app.register(operatorRoutes);
  // The console for Popstage staff: its own sign-in and cookie session.
  await app.register(operatorConsoleRoutes);
  if (deps.config.PLATFORM === 'sandbox' || deps.config.ALLOW_SANDBOX_SERVICES) {
    await app.register(offlineConsoleRoutes, { prefix: '/sandbox' });
  }

  const serveAdmin = deps.adminDist !== null && existsSync(deps.adminDist);
  const adminHtml =
    serveAdmin && deps.adminDist ? adminDocument(deps.adminDist, deps.config) : null;
  if (serveAdmin && deps.adminDist) {
    // wildcard: false serves the built files by name; every other path falls to the SPA handler.
    await app.register(fastifyStatic, {
      root: deps.adminDist,
      prefix: '/',
      index: false,
      wildcard: false,
      // The build wrote .br and .gz beside each asset (scripts/precompress.mjs).
      preCompressed: true,
      // Vite fingerprints everything under assets/, so those never need revalidating.
      setHeaders: (reply, path) => {
        reply.header(
          'cache-control',
          path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }
  app.setNotFoundHandler(async (request, reply) => {
    // Client-side routes: any other GET that wants HTML gets the SPA shell.
    const wantsHtml = request.method === 'GET' && acceptsPage(request.url, request.headers.accept);
    const isApi = /^\/(api|operator|sandbox|storefront|healthz|media)(\/|$)/.test(request.url);
    if (serveAdmin && wantsHtml && !isApi && adminHtml) {
      // The admin opens inside Shopify's admin (or the local Shopify's), never on its own.
      const frame = adminFrameRedirect(request, deps.config);
      if (frame) return reply.redirect(frame, 302);
      // The first load from the admin: its launch parameters must be the admin's.
      const launch = await checkLaunchParams(
        new URLSearchParams(request.url.split('?')[1] ?? ''),
        { apiKey: deps.config.SHOPIFY_API_KEY, apiSecret: deps.config.SHOPIFY_API_SECRET },
        Math.floor(deps.clock.now().getTime() / 1000),
      );
      if (!launch.ok && launch.stale) {
        const url = new URL(request.url, 'http://app.invalid');
        for (const name of LAUNCH_PARAMS) url.searchParams.delete(name);
        return reply.redirect(`${url.pathname}${url.search}`, 302);
      }
      if (!launch.ok) {
        return reply.status(401).send({
          error: 'Unauthorized',
          message: `The admin's launch parameters do not verify: ${launch.reason}`,
        });
      }
      return reply
        .header('content-security-policy', adminDocumentPolicy(deps.config, request.query))
        .type('text/html')
        .send(adminHtml);
    }
    return reply
      .status(404)
      .send({ error: 'Not Found', message: `No route for ${request.method} ${request.url}` });
  });
  return app;
}

/**
 * Whether a GET may be answered with the admin's page: a browser asks for text/html; a client
 * that accepts anything (curl, a health probe, `Accept` left out) gets the page too, unless the
 * path names a file (a missing asset stays a 404, not HTML the browser would run as a script).
 */
function acceptsPage(url: string, accept: string | undefined): boolean {
  if (accept?.includes('text/html')) return true;
  const acceptsAnything = !accept?.trim() || accept.includes('*/*');
  const pathname = url.split('?')[0] ?? '';
  return acceptsAnything && !/\.[a-z0-9]+$/i.test(pathname);
}

/** A hop count trusts that many proxies nearest the server (proxy-addr counts hops from 0). */
function trustProxy(
  setting: boolean | number,
): boolean | ((address: string, hop: number) => boolean) {
  return typeof setting === 'number' ? (_address, hop) => hop < setting : setting;
}
