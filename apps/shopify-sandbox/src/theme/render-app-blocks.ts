import { escapeHtml } from '@popstage/core/html';
import type { Liquid, Template } from 'liquidjs';
import { isAvailableOnTemplate } from './block-schema';
import { blockScope, type StorefrontPage } from './liquid-objects';
import {
  type AppBlockDefinition,
  findBlock,
  type ThemeApp,
  type ThemeExtension,
} from './load-theme-app';
import { type SettingValues, settingsWithDefaults } from './setting-definitions';
import { type AssetUrl, createShopifyLiquid } from './shopify-liquid';
import { isTemplateName, type ThemeState } from './theme-state';

export interface ThemeRendererOptions {
  /** Where `asset_url` and the schemas' javascript/stylesheet point; the sandbox path by default. */
  assetUrl?: AssetUrl;
}

export interface RenderedAppBlock {
  id: string;
  type: string;
  /** Wrapped as Shopify wraps app blocks: `<div id="shopify-block-{id}" class="...">`. */
  html: string;
}

/** What the app puts on one storefront page. */
export interface RenderedAppPage {
  /** `head` embeds, then the blocks' stylesheets and scripts: before `</head>`. */
  head: string;
  /** `body` embeds: before `</body>`. */
  bodyEnd: string;
  /** The page template's app blocks in their order, for its app block section. */
  blocks: RenderedAppBlock[];
}

export interface ThemeRenderer {
  /** One block's Liquid output, unwrapped, with its settings' defaults applied. */
  renderBlock(
    definition: AppBlockDefinition,
    instance: { id: string; settings: SettingValues },
    page: StorefrontPage,
  ): Promise<string>;
  /** The enabled embeds and the placed blocks of `page.template`, as the theme stands. */
  renderPage(state: ThemeState, page: StorefrontPage): Promise<RenderedAppPage>;
}

const sandboxAssetUrl: AssetUrl = (extension, file) =>
  `/sandbox/extensions/${encodeURIComponent(extension.handle)}/assets/${encodeURIComponent(file)}`;

/** Parses every block once; renders them like Shopify renders app blocks. */
export function createThemeRenderer(
  app: ThemeApp,
  options: ThemeRendererOptions = {},
): ThemeRenderer {
  const assetUrl = options.assetUrl ?? sandboxAssetUrl;
  const engines = new Map<ThemeExtension, Liquid>();
  const templates = new Map<AppBlockDefinition, Template[]>();
  for (const extension of app.extensions) {
    const liquid = createShopifyLiquid(extension, assetUrl);
    engines.set(extension, liquid);
    for (const block of extension.blocks) templates.set(block, liquid.parse(block.liquid));
  }

  async function renderBlock(
    definition: AppBlockDefinition,
    instance: { id: string; settings: SettingValues },
    page: StorefrontPage,
  ): Promise<string> {
    const liquid = engines.get(definition.extension);
    const parsed = templates.get(definition);
    if (!liquid || !parsed) throw new Error(`${definition.type} is not a block of this app`);
    const settings = settingsWithDefaults(definition.schema.settings, instance.settings);
    const scope = blockScope(page, { id: instance.id, type: definition.type, settings });
    return liquid.render(parsed, scope);
  }

  async function renderPage(state: ThemeState, page: StorefrontPage): Promise<RenderedAppPage> {
    const rendered = new Set<AppBlockDefinition>();
    const head: string[] = [];
    const bodyEnd: string[] = [];
    for (const embed of state.embeds) {
      const definition = findBlock(app, embed.type);
      // An embed of a block the app no longer ships is skipped, as Shopify skips it.
      if (embed.disabled || !definition || definition.schema.target === 'section') continue;
      rendered.add(definition);
      const html = await renderBlock(definition, embed, page);
      if (definition.schema.target === 'head') head.push(html);
      else bodyEnd.push(wrap(embed.id, html));
    }
    const blocks: RenderedAppBlock[] = [];
    const placed = isTemplateName(page.template) ? state.templates[page.template] : [];
    for (const block of placed) {
      const definition = findBlock(app, block.type);
      if (!definition || !isAvailableOnTemplate(definition.schema, page.template)) continue;
      rendered.add(definition);
      const html = await renderBlock(definition, block, page);
      blocks.push({ id: block.id, type: block.type, html: wrap(block.id, html) });
    }
    head.push(...assetTags(rendered, assetUrl));
    return { head: head.join('\n'), bodyEnd: bodyEnd.join('\n'), blocks };
  }

  return { renderBlock, renderPage };
}

function wrap(id: string, html: string): string {
  return `<div id="shopify-block-${escapeHtml(id)}" class="shopify-block shopify-app-block">${html}</div>`;
}

/** Schema `stylesheet` / `javascript` assets, once per file however many blocks use them. */
function assetTags(definitions: Set<AppBlockDefinition>, assetUrl: AssetUrl): string[] {
  const tags = new Set<string>();
  for (const { extension, schema } of definitions) {
    if (schema.stylesheet)
      tags.add(
        `<link rel="stylesheet" href="${escapeHtml(assetUrl(extension, schema.stylesheet))}" media="all">`,
      );
    if (schema.javascript)
      tags.add(
        `<script src="${escapeHtml(assetUrl(extension, schema.javascript))}" defer></script>`,
      );
  }
  return [...tags];
}
