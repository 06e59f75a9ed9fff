import { carouselsContract as contract } from '@popstage/core/carousels';
import type { FastifyInstance } from 'fastify';
import { serveRoute } from '../../http/contract-route';
import {
  assertCustomer,
  carouselEmbed,
  collectionCarouselClips,
  createCarousel,
  editCarousel,
  getCarousel,
  listCarousels,
  publishCarousel,
  removeCarousel,
} from './service';
import { toCarouselEmbed, toCarouselWire } from './wire';

/** Carousel calls (spec 02 §7) from core's carousels contract; the tenant is request.tenant. */
export async function carouselRoutes(app: FastifyInstance): Promise<void> {
  const { deps } = app;
  const wire = (domain: string) => (row: Parameters<typeof toCarouselWire>[0]) =>
    toCarouselWire(row, domain);

  serveRoute(app, contract.list, async ({ tenant, query }) => {
    assertCustomer(tenant, query.customerId);
    const rows = await listCarousels(deps, tenant);
    return { data: rows.map(wire(tenant.shop.shopifyDomain)) };
  });

  serveRoute(app, contract.get, async ({ tenant, params }) => ({
    data: toCarouselWire(
      await getCarousel(deps, tenant, params.carousel_id),
      tenant.shop.shopifyDomain,
    ),
  }));

  serveRoute(app, contract.create, async ({ tenant, body }) => {
    assertCustomer(tenant, body.customer_id);
    const row = await createCarousel(deps, tenant, body);
    return { data: toCarouselWire(row, tenant.shop.shopifyDomain) };
  });

  serveRoute(app, contract.update, async ({ tenant, body }) => {
    assertCustomer(tenant, body.customer_id);
    const row = await editCarousel(deps, tenant, body);
    return { data: toCarouselWire(row, tenant.shop.shopifyDomain) };
  });

  serveRoute(app, contract.publish, async ({ tenant, params, body }) => {
    assertCustomer(tenant, body.customer_id);
    const row = await publishCarousel(deps, tenant, params.carousel_id, body.is_published);
    return { data: toCarouselWire(row, tenant.shop.shopifyDomain) };
  });

  serveRoute(app, contract.embed, async ({ tenant, params }) => ({
    data: toCarouselEmbed(await carouselEmbed(deps, tenant, params.carousel_id)),
  }));

  serveRoute(app, contract.collectionClips, async ({ tenant, query }) => ({
    data: await collectionCarouselClips(deps, tenant, query.collectionId),
  }));

  serveRoute(app, contract.remove, async ({ tenant, params, query }) => {
    assertCustomer(tenant, query.customerId);
    const row = await removeCarousel(deps, tenant, params.carousel_id);
    return { success: true as const, carousel_id: row.id };
  });
}
