import type { Addon, PopclipsPlanLevel } from '@popstage/core/billing';
import type { ShopRow, subscriptions } from './db/schema';

/** The plan facts every gated decision reads, derived once per request from the subscription. */
export interface PlanFacts {
  /** The ACTIVE subscription, or null. */
  subscription: typeof subscriptions.$inferSelect | null;
  /** The popclips add-on in force: the subscription's, or the free add-on without one. */
  popclipsAddon: Addon | null;
  popclipsLevel: PopclipsPlanLevel;
  /** Views a month the popclips add-on allows; -1 unlimited. */
  maxViews: number;
}

/**
 * Who an authenticated request acts for: resolved once from the verified session token by the
 * tenant preHandler (features/install), never from a body or query. Services take it as given.
 */
declare module 'fastify' {
  interface FastifyRequest {
    /** The shop the session token names, with its seller and plan facts (authenticated routes). */
    tenant: Tenant;
  }
}

export interface Tenant {
  shop: ShopRow;
  /** The live-selling seller account, once created. */
  sellerId: string | null;
  plan: PlanFacts;
}
