import { escapeHtml } from '@popstage/core/html';
import { Liquid, Tag, type TagToken, type TopLevelToken, TypeGuards } from 'liquidjs';
import type { ThemeExtension } from './load-theme-app';
import { translate } from './locales';

/** Where the `asset_url` filter points for a file of an extension's assets/ folder. */
export type AssetUrl = (extension: ThemeExtension, file: string) => string;

/**
 * A Liquid engine that renders an extension's blocks as Shopify does: Shopify's strictness (an
 * unknown filter is an error, not an empty string), no auto-escaping, and the Shopify-only tags and
 * filters app blocks may use on top of liquidjs's standard ones (strip, escape, default, json...).
 */
export function createShopifyLiquid(extension: ThemeExtension, assetUrl: AssetUrl): Liquid {
  const liquid = new Liquid({ strictFilters: true, ownPropertyOnly: true, jsTruthy: false });
  for (const name of ['schema', 'javascript', 'stylesheet']) {
    liquid.registerTag(name, renderNothingUntil(`end${name}`));
  }
  const storefrontLocales = extension.locales.storefront;
  liquid.registerFilter('t', function (this: { context: ContextLike }, key: unknown, ...args) {
    const locale = this.context.getSync(['request', 'locale', 'iso_code']);
    return translate(
      storefrontLocales,
      typeof locale === 'string' ? locale : storefrontLocales.defaultLocale,
      String(key),
      Object.fromEntries(args.filter(Array.isArray) as [string, unknown][]),
    );
  });
  // Shopify escapes as Ruby's CGI.escapeHTML (`&quot;`, `&#39;`), liquidjs as `&#34;`.
  liquid.registerFilter('escape', (value: unknown) =>
    value === null || value === undefined ? value : escapeHtml(String(value)),
  );
  liquid.registerFilter('asset_url', (file: unknown) => assetUrl(extension, String(file)));
  return liquid;
}

interface ContextLike {
  getSync(path: string[]): unknown;
}

/**
 * `{% schema %}` is read apart from rendering, and app blocks load their JavaScript and CSS through
 * the schema's `javascript` / `stylesheet` assets: the tags print nothing.
 */
function renderNothingUntil(endTag: string) {
  return class extends Tag {
    constructor(token: TagToken, remainTokens: TopLevelToken[], liquid: Liquid) {
      super(token, remainTokens, liquid);
      while (remainTokens.length > 0) {
        const next = remainTokens.shift();
        if (TypeGuards.isTagToken(next) && next.name === endTag) return;
      }
      throw new Error(`tag ${token.getText()} not closed`);
    }
    render(): void {}
  };
}
