/** Reading what the theme app extension's Liquid rendered on a sandbox storefront page. */

/** The Popstage product block's opening tag, whitespace collapsed; null when not on the page. */
export function productBlockTag(html: string): string | null {
  const match = /<div\s+class="popstage-product"[^>]*>/.exec(html);
  return match ? match[0].replace(/\s+/g, ' ') : null;
}

/**
 * The loader script the app embed writes (its src from the extension's assets, data-shop and
 * data-app-url, where the loader finds the app); null when not on the page.
 */
export function widgetScript(
  html: string,
): { src: string; shop: string; appUrl: string; at: number } | null {
  const match =
    /<script\s+src="([^"]+\/assets\/popstage-loader\.js)"\s+data-shop="([^"]+)"\s+data-app-url="([^"]+)"/.exec(
      html,
    );
  return match?.[1] && match[2] && match[3]
    ? { src: match[1], shop: match[2], appUrl: match[3], at: match.index }
    : null;
}
