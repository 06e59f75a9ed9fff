import { COLLECTION_PREVIEW_PRODUCTS } from '@popstage/core/catalogue';
import { mobileContract as contract, MOBILE_MESSAGES } from '@popstage/core/mobile';
import type { FastifyInstance } from 'fastify';
import { serveRoute } from '../../http/contract-route';
import { HttpError } from '../../http/errors';
import { linkAppRequest, readAppRequest, submitAppRequest } from './app-request-service';
import { signedAssetUpload } from './assets';
import { readAppConfig, saveAppConfig } from './config-service';
import { requireMobile } from './plan-gate';
import { isRequestSubmitted } from './request-state';
import { readAppSetup, saveAppSetup } from './setup-store';
import { toCollectionWire, toMenuWire } from './wire';

/** Checklist times may not lie ahead of the server's clock by more than this (clock skew). */
const STEP_SKEW_MS = 5 * 60_000;

/** The mobile app builder's calls (spec 03 §7); every one needs the mobile feature. */
export async function mobileRoutes(app: FastifyInstance): Promise<void> {
  const { deps } = app;

  serveRoute(app, contract.appRequest, async ({ tenant, query }) => {
    requireMobile(deps, tenant);
    return { data: await readAppRequest(deps, tenant, query) };
  });

  serveRoute(app, contract.submitAppRequest, async ({ tenant, body }) => {
    const plan = requireMobile(deps, tenant);
    return { data: await submitAppRequest(deps, tenant, plan, body) };
  });

  serveRoute(app, contract.linkAppRequest, async ({ tenant, body }) => {
    requireMobile(deps, tenant);
    await linkAppRequest(deps, tenant, body);
    return { success: true as const };
  });

  serveRoute(app, contract.appleEmail, async ({ tenant, query }) => {
    requireMobile(deps, tenant);
    const subdomain = tenant.shop.shopifyDomain.replace(/\.myshopify\.com$/, '');
    if (query.shopifySubdomain.trim().toLowerCase() !== subdomain) {
      throw new HttpError(403, 'Not this shop’s subdomain');
    }
    return { data: { emailAddress: `appdev+${subdomain}@popstage.app` } };
  });

  serveRoute(app, contract.appSetup, async ({ tenant }) => {
    const { name, android, downloadsMax } = requireMobile(deps, tenant);
    return {
      data: await readAppSetup(deps.database.db, tenant.shop.id),
      plan: { name, android, downloadsMax },
    };
  });

  serveRoute(app, contract.saveAppSetup, async ({ tenant, body }) => {
    requireMobile(deps, tenant);
    // Spec 03 §2: once submitted, every Setup field is read-only, the checklist included (the
    // admin disables its toggles); undoing a step would misstate what the request was sent with.
    if (await isRequestSubmitted(deps.database.db, tenant.shop.id)) {
      throw new HttpError(409, MOBILE_MESSAGES.setupLocked);
    }
    const now = deps.clock.now();
    if (Object.values(body).some((time) => time > now.getTime() + STEP_SKEW_MS)) {
      throw new HttpError(400, 'A step cannot be completed in the future');
    }
    return { data: await saveAppSetup(deps.database.db, tenant.shop.id, body, now) };
  });

  serveRoute(app, contract.appConfig, async ({ tenant }) => {
    requireMobile(deps, tenant);
    return { data: await readAppConfig(deps, tenant) };
  });

  serveRoute(app, contract.saveAppConfig, async ({ tenant, body }) => {
    requireMobile(deps, tenant);
    return { data: await saveAppConfig(deps, tenant, body) };
  });

  serveRoute(app, contract.signedLink, async ({ tenant, query }) => {
    requireMobile(deps, tenant);
    if (query.path !== `apps/${tenant.shop.shopifyDomain}`) {
      throw new HttpError(403, 'Uploads go under apps/{shop} of the session’s shop');
    }
    return signedAssetUpload(deps, tenant.shop.shopifyDomain, query.contentType, query.fileName);
  });

  serveRoute(app, contract.collections, async ({ tenant, query }) => {
    requireMobile(deps, tenant);
    const found = await deps.storefront.searchCollections(tenant.shop.shopifyDomain, query.query);
    return { data: found.map(({ id, title }) => ({ value: id, label: title })) };
  });

  serveRoute(app, contract.collection, async ({ tenant, params }) => {
    requireMobile(deps, tenant);
    const found = await deps.storefront.collectionWithProducts(
      tenant.shop.shopifyDomain,
      params.collectionId,
      COLLECTION_PREVIEW_PRODUCTS,
    );
    return { data: found ? toCollectionWire(found) : null };
  });

  serveRoute(app, contract.menu, async ({ tenant, params }) => {
    requireMobile(deps, tenant);
    const found = await deps.storefront.menu(tenant.shop.shopifyDomain, params.handle);
    return { data: found ? toMenuWire(found) : null };
  });
}
