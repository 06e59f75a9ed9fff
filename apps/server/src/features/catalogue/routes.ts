import { catalogueContract as contract } from '@popstage/core/catalogue';
import type { FastifyInstance } from 'fastify';
import { serveRoute } from '../../http/contract-route';
import { collectionProducts, productsByIds, searchCollections, searchProducts } from './service';
import { toCollectionWire, toPickerItem } from './wire';

/** The store's catalogue for product tagging and collection carousels (spec 02 §2, 03 §7). */
export async function catalogueRoutes(app: FastifyInstance): Promise<void> {
  const { deps } = app;

  serveRoute(app, contract.products, async ({ tenant, query }) => {
    const page = await searchProducts(deps, tenant, query);
    return { data: page.nodes.map(toPickerItem), pageInfo: page.pageInfo };
  });

  serveRoute(app, contract.productsByIds, async ({ tenant, query }) => ({
    data: (await productsByIds(deps, tenant, query.ids)).map(toPickerItem),
  }));

  serveRoute(app, contract.collections, async ({ tenant, query }) => ({
    data: (await searchCollections(deps, tenant, query)).map(toCollectionWire),
  }));

  serveRoute(app, contract.collectionProducts, async ({ tenant, params, query }) => ({
    data: (await collectionProducts(deps, tenant, params.collectionId, query.first)).map(
      toPickerItem,
    ),
  }));
}
