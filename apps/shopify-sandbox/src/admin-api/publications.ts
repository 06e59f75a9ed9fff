import { connection } from '../graphql/shared-objects';
import { APP_NUMBER, shopObjectGid, toGid } from '../store/gid';
import type { AdminContext } from './context';

/** The app's own publication in the shop (the Popstage sales channel), while it is connected. */
export const appPublicationId = (shop: string) => shopObjectGid(shop, 'Publication');
/** The installed app, Popstage, as `currentAppInstallation.app` and its catalog name it. */
export const APP_ID = toGid('App', APP_NUMBER);
/** The Online Store's own app: its publication is the other APP catalog every shop has. */
const ONLINE_STORE_APP_ID = toGid('App', APP_NUMBER + 1);

function appPublication(id: string, catalogId: string, appId: string, title: string) {
  return {
    __typename: 'Publication',
    id,
    catalog: {
      __typename: 'AppCatalog',
      id: catalogId,
      title,
      status: 'ACTIVE',
      apps: connection([{ __typename: 'App', id: appId }]),
    },
  };
}

/** Whether the app's channel is connected, so its publication exists (channels.ts). */
export async function appPublicationExists(context: AdminContext): Promise<boolean> {
  return (await context.store.salesChannel(context.shop)) !== null;
}

/**
 * Admin API `publications(catalogType:)`: each shop's APP publications, the Online Store's and,
 * once the app's channel is connected, Popstage's, as an app finds its own in 2026-10.
 * https://shopify.dev/docs/api/admin-graphql/2026-10/queries/publications
 */
export async function publications(
  args: { first?: number | null; catalogType?: string | null },
  context: AdminContext,
) {
  if (args.catalogType && args.catalogType !== 'APP') return connection([]);
  const { shop } = context;
  const all = [
    appPublication(
      shopObjectGid(shop, 'OnlinePublication'),
      shopObjectGid(shop, 'OnlineCatalog'),
      ONLINE_STORE_APP_ID,
      'Online Store',
    ),
  ];
  if (await appPublicationExists(context)) {
    all.push(
      appPublication(appPublicationId(shop), shopObjectGid(shop, 'AppCatalog'), APP_ID, 'Popstage'),
    );
  }
  return connection(all.slice(0, args.first ?? 0));
}
