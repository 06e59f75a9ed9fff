import type { MenuItem, PlatformMenu } from '../../port';

// Menus nest items up to 3 levels; MenuItem.url is nullable. Requires read_online_store_navigation.
// The menus query documents no `handle` filter (only default, id, title), and shops have a handful
// of menus, so we page through them and match the handle ourselves.
// https://shopify.dev/docs/api/admin-graphql/2026-10/queries/menus
export const MENUS_QUERY = /* GraphQL */ `
  query PopstageMenus($after: String) {
    menus(first: 50, after: $after) {
      nodes {
        id
        handle
        title
        items {
          title
          url
          type
          items {
            title
            url
            type
            items {
              title
              url
              type
            }
          }
        }
      }
      pageInfo {
        hasNextPage
        endCursor
      }
    }
  }
`;

export interface MenuItemNode {
  title: string;
  url: string | null;
  type: string;
  items?: MenuItemNode[];
}

export interface MenuNode {
  id: string;
  handle: string;
  title: string;
  items: MenuItemNode[];
}

function toMenuItem(item: MenuItemNode): MenuItem {
  return {
    title: item.title,
    url: item.url ?? '',
    type: item.type,
    items: (item.items ?? []).map(toMenuItem),
  };
}

export function toPlatformMenu(node: MenuNode): PlatformMenu {
  return { id: node.id, handle: node.handle, title: node.title, items: node.items.map(toMenuItem) };
}
