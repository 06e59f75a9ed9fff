import { escapeHtml } from '@popstage/core/html';
import { Drop } from 'liquidjs';
import type { SettingValue, SettingValues } from './setting-definitions';

/** A metafield's value in Liquid: a json metafield's is the parsed JSON. */
export type MetafieldValue = SettingValue | unknown[] | { [key: string]: unknown };

/** A metafield as Liquid sees it: `.value`, `.type`, and its value when output directly. */
export interface MetafieldInput {
  type: string;
  value: MetafieldValue;
}

/** Metafields by namespace then key: `popstage.app_url`, `$app.clip_count`. */
export type MetafieldsInput = Record<string, Record<string, MetafieldInput>>;

export interface ShopInput {
  permanentDomain: string;
  name: string;
  currency: string;
  /** The primary domain; the permanent one when not given. */
  domain?: string;
}

export interface ProductInput {
  /** The numeric id, as Liquid's `product.id` is (not the GraphQL gid). */
  id: number;
  handle: string;
  title: string;
  /** App-owned metafields under `$app`, others under their namespace. */
  metafields?: MetafieldsInput;
}

/** The storefront page a block renders on: what Shopify knows when it renders a template. */
export interface StorefrontPage {
  shop: ShopInput;
  /** The template's name: `index`, `product`... (Shopify's `template.name`, `request.page_type`). */
  template: string;
  product?: ProductInput;
  /** The app's app-data metafields (on its AppInstallation): `app.metafields.<ns>.<key>`. */
  appMetafields?: MetafieldsInput;
  /** ISO code of the storefront's language; `en` by default. */
  locale?: string;
  path?: string;
  /** True inside the theme editor: `block.shopify_attributes` then marks blocks for it. */
  designMode?: boolean;
}

class MetafieldDrop extends Drop {
  constructor(
    readonly type: string,
    readonly value: MetafieldValue,
  ) {
    super();
  }
  override valueOf(): MetafieldValue {
    return this.value;
  }
}

/** `{{ template }}` prints the name; `.name`, `.suffix`, `.directory` as Shopify's object. */
class TemplateDrop extends Drop {
  readonly suffix = null;
  readonly directory = null;
  constructor(readonly name: string) {
    super();
  }
  override valueOf(): string {
    return this.name;
  }
}

export interface BlockInput {
  id: string;
  type: string;
  settings: SettingValues;
}

/** The variables a block's Liquid reads, under Shopify's names. */
export function blockScope(page: StorefrontPage, block: BlockInput): Record<string, unknown> {
  const locale = page.locale ?? 'en';
  const domain = page.shop.domain ?? page.shop.permanentDomain;
  return {
    block: {
      id: block.id,
      type: block.type,
      settings: block.settings,
      shopify_attributes: page.designMode
        ? `data-shopify-editor-block="${escapeHtml(JSON.stringify({ id: block.id, type: block.type }))}"`
        : '',
    },
    app: { metafields: metafieldDrops(page.appMetafields) },
    shop: {
      name: page.shop.name,
      permanent_domain: page.shop.permanentDomain,
      domain,
      url: `https://${domain}`,
      currency: page.shop.currency,
    },
    product: page.product && {
      id: page.product.id,
      handle: page.product.handle,
      title: page.product.title,
      url: `/products/${page.product.handle}`,
      metafields: metafieldDrops(page.product.metafields),
    },
    template: new TemplateDrop(page.template),
    request: {
      page_type: page.template,
      path: page.path ?? '/',
      host: domain,
      design_mode: page.designMode ?? false,
      locale: { iso_code: locale, primary: true, root_url: '/' },
    },
    customer: null,
  };
}

function metafieldDrops(metafields: MetafieldsInput = {}): Record<string, Record<string, Drop>> {
  return Object.fromEntries(
    Object.entries(metafields).map(([namespace, keys]) => [
      namespace,
      Object.fromEntries(
        Object.entries(keys).map(([key, field]) => [
          key,
          new MetafieldDrop(field.type, field.value),
        ]),
      ),
    ]),
  );
}
