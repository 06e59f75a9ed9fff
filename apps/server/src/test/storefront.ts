/** Reading what the theme app extension's Liquid rendered on a sandbox storefront page. */

/** The Popstage product block's opening tag, whitespace collapsed; null when not on the page. */
export function productBlockTag(html: string): string | null {
  const match = /<div\s+class="popstage-product"[^>]*>/.exec(html);
  return match ? match[0].replace(/\s+/g, ' ') : null;
}

/** The widget script the app embed writes (its src and data-shop); null when not on the page. */
export function widgetScript(html: string): { src: string; shop: string; at: number } | null {
  const match = /<script\s+src="([^"]+\/storefront\/v1\/widget\.js)"\s+data-shop="([^"]+)"/.exec(
    html,
  );
  return match?.[1] && match[2] ? { src: match[1], shop: match[2], at: match.index } : null;
}
