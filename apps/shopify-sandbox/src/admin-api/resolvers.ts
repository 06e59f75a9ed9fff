import type { Resolvers } from '../graphql/execute';
import { appSubscriptionCancel, appSubscriptionCreate, appUsageRecordCreate } from './billing';
import { collection, collections } from './catalogue';
import { channelCreate } from './channels';
import type { AdminContext } from './context';
import { currentAppInstallation, metafieldsSet } from './installation';
import { menus, pageCreate, pages, themes } from './online-store';
import { orders } from './orders';
import { nodes, products, publishablePublish, publishedProductsCount } from './products';
import { publications } from './publications';
import { shop } from './shop';
import { storefrontAccessTokenCreate } from './storefront-access';
import { webPresences } from './web-presences';

/**
 * The Admin API root fields the local Shopify serves: what Popstage sends, executed on Shopify's
 * published schema, so an answer the real API would not give fails graphql-js's checks.
 */
export const adminResolvers: Resolvers<AdminContext> = {
  query: {
    shop,
    products,
    nodes,
    collections,
    collection,
    currentAppInstallation,
    publishedProductsCount,
    menus,
    pages,
    themes,
    orders,
    publications,
    webPresences,
  },
  mutation: {
    publishablePublish,
    pageCreate,
    metafieldsSet,
    appSubscriptionCreate,
    appSubscriptionCancel,
    appUsageRecordCreate,
    storefrontAccessTokenCreate,
    channelCreate,
  },
};
