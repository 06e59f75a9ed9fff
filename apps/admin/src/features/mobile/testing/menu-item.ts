import type { MobileMenu } from '@popstage/core/mobile';

/** A store menu's item as the catalogue answers it: an HTTP link with its sub-items. */
export const menuItem = (
  id: string,
  title: string,
  items: MobileMenu['items'] = [],
  url: string | null = null,
) => ({ id, title, url, type: 'HTTP', resourceId: null, items });
