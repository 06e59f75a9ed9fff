import type { SettingValues } from './setting-definitions';
import type { TemplateName, ThemeState } from './theme-state';

/** The comment Shopify writes at the top of files its theme editor manages. */
export const GENERATED_FILE_COMMENT = `/*
 * ------------------------------------------------------------
 * IMPORTANT: The contents of this file are auto-generated.
 *
 * This file may be updated by the Shopify admin theme editor
 * or related systems. Please exercise caution as any changes
 * made to this file may be overwritten.
 * ------------------------------------------------------------
 */`;

/**
 * The section of each sandbox template that holds app blocks: the product page's main section
 * (app blocks follow the product information, as in Dawn's main-product) and an Apps section on
 * the home page (Dawn's `apps` section, made for app blocks).
 */
export const APP_BLOCK_SECTIONS: Record<
  TemplateName,
  { id: string; type: string; settings: SettingValues }
> = {
  index: { id: 'apps', type: 'apps', settings: { include_margins: true } },
  product: { id: 'main', type: 'main-product', settings: {} },
};

interface FileBlock {
  type: string;
  disabled?: boolean;
  settings: SettingValues;
}

/**
 * config/settings_data.json: app embeds are `current.blocks`, keyed by id, `disabled: true` when
 * switched off. The sandbox theme has no theme settings of its own, so `current` holds only them.
 */
export function settingsDataJson(state: ThemeState): string {
  const blocks: Record<string, FileBlock> = {};
  for (const embed of state.embeds) {
    blocks[embed.id] = { type: embed.type, disabled: embed.disabled, settings: embed.settings };
  }
  return withComment({ current: { blocks }, presets: { Default: {} } });
}

/** templates/<name>.json: sections by id and their order, app blocks in the app block section. */
export function templateJson(state: ThemeState, template: TemplateName): string {
  const section = APP_BLOCK_SECTIONS[template];
  const placed = state.templates[template];
  const blocks: Record<string, FileBlock> = {};
  for (const block of placed) blocks[block.id] = { type: block.type, settings: block.settings };
  return withComment({
    sections: {
      [section.id]: {
        type: section.type,
        blocks,
        block_order: placed.map((block) => block.id),
        settings: section.settings,
      },
    },
    order: [section.id],
  });
}

function withComment(value: unknown): string {
  return `${GENERATED_FILE_COMMENT}\n${JSON.stringify(value, null, 2)}\n`;
}
