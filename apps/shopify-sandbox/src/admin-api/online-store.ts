import { connection } from '../graphql/shared-objects';
import { shopObjectGid } from '../store/gid';
import type { MenuItem } from '../store/types';
import { settingsDataJson } from '../theme/theme-files';
import { type AdminContext, userError } from './context';
import { parseSearch } from './search-syntax';

const SETTINGS_DATA = 'config/settings_data.json';

function menuItem(item: MenuItem): Record<string, unknown> {
  return {
    title: item.title,
    url: item.url,
    type: item.type,
    items: item.items.map(menuItem),
  };
}

export async function menus(
  args: { first?: number; after?: string | null },
  context: AdminContext,
) {
  const all = await context.store.listMenus(context.shop);
  const start = args.after ? Number(args.after) : 0;
  const first = args.first ?? 0;
  const page = all.slice(start, start + first).map((menu) => ({
    __typename: 'Menu',
    id: menu.id,
    handle: menu.handle,
    title: menu.title,
    items: menu.items.map(menuItem),
  }));
  const hasNextPage = start + first < all.length;
  return connection(page, { hasNextPage, endCursor: hasNextPage ? String(start + first) : null });
}

function pageObject(page: { id: string; title: string; handle: string; body: string }) {
  return {
    __typename: 'Page',
    id: page.id,
    title: page.title,
    handle: page.handle,
    body: page.body,
  };
}

/** `pages(query: "handle:…")`: the local Shopify finds pages by handle only. */
export async function pages(
  args: { first?: number; query?: string | null },
  context: AdminContext,
) {
  const handle = parseSearch(args.query).filters.get('handle');
  const found = handle ? await context.store.findPage(context.shop, handle) : null;
  return connection(found && (args.first ?? 0) > 0 ? [pageObject(found)] : []);
}

export async function pageCreate(
  args: { page: { title?: string; handle?: string; body?: string } },
  context: AdminContext,
) {
  const { title, handle, body = '' } = args.page;
  if (!title)
    return { page: null, userErrors: [userError("Title can't be blank", ['title'], 'BLANK')] };
  const wanted = handle ?? title.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  if (await context.store.findPage(context.shop, wanted)) {
    return {
      page: null,
      userErrors: [userError('Handle has already been taken', ['handle'], 'TAKEN')],
    };
  }
  const page = await context.store.createPage(context.shop, { title, handle: wanted, body });
  return { page: pageObject(page), userErrors: [] };
}

export async function themes(
  args: { first?: number; roles?: string[] | null },
  context: AdminContext,
) {
  // The local Shopify's one published theme per shop.
  const mainTheme = shopObjectGid(context.shop, 'OnlineStoreTheme');
  const main = args.roles && !args.roles.includes('MAIN') ? [] : [mainTheme];
  return connection(
    main.slice(0, args.first ?? 0).map((id) => ({
      __typename: 'OnlineStoreTheme',
      id,
      name: 'Dawn',
      role: 'MAIN',
      files: async (
        fileArgs: { filenames?: string[] | null; first?: number },
        context: AdminContext,
      ) => {
        const wanted = fileArgs.filenames ?? [SETTINGS_DATA];
        const files = wanted.includes(SETTINGS_DATA)
          ? [
              {
                filename: SETTINGS_DATA,
                body: {
                  __typename: 'OnlineStoreThemeFileBodyText',
                  content: settingsDataJson(await context.themes.load(context.shop)),
                },
              },
            ]
          : [];
        return connection(files.slice(0, fileArgs.first ?? 0));
      },
    })),
  );
}
