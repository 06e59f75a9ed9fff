import { randomInt } from 'node:crypto';
import { isAvailableOnTemplate } from './block-schema';
import { type AppBlockDefinition, findBlock, type ThemeApp } from './load-theme-app';
import {
  isEditableSetting,
  parseSettingValue,
  SettingValueError,
  type SettingValues,
} from './setting-definitions';

/** The sandbox theme's JSON templates that app blocks can be placed in. */
export const TEMPLATE_NAMES = ['index', 'product'] as const;
export type TemplateName = (typeof TEMPLATE_NAMES)[number];

/** An app embed as settings_data.json keeps it once switched on; off is `disabled: true`. */
export interface AppEmbedState {
  id: string;
  type: string;
  disabled: boolean;
  settings: SettingValues;
}

/** An app block placed in a template's section. */
export interface PlacedAppBlock {
  id: string;
  type: string;
  settings: SettingValues;
}

/**
 * What Shopify keeps of the app in a theme: its embeds (config/settings_data.json) and its blocks
 * per template (templates/<name>.json), in order. An embed never switched on has no entry.
 */
export interface ThemeState {
  embeds: AppEmbedState[];
  templates: Record<TemplateName, PlacedAppBlock[]>;
}

export type ThemeEdit =
  | { kind: 'set-embed'; type: string; enabled: boolean }
  | { kind: 'set-embed-settings'; type: string; values: Record<string, string> }
  | { kind: 'add-block'; template: string; type: string }
  | { kind: 'remove-block'; template: string; id: string }
  | { kind: 'move-block'; template: string; id: string; direction: 'up' | 'down' }
  | { kind: 'set-block-settings'; template: string; id: string; values: Record<string, string> };

/** A refused edit; the state it was applied to is unchanged. */
export class ThemeEditError extends Error {}

/** Ids Shopify gives new entries: long numbers for embeds, `<app>_<block>_<random>` for blocks. */
export interface ThemeIds {
  embedId(): string;
  blockId(block: AppBlockDefinition): string;
}

/** Shopify's limit of blocks in one section (a section's default `max_blocks`). */
export const MAX_BLOCKS_PER_SECTION = 50;

export function emptyThemeState(): ThemeState {
  return { embeds: [], templates: { index: [], product: [] } };
}

export function isTemplateName(name: string): name is TemplateName {
  return (TEMPLATE_NAMES as readonly string[]).includes(name);
}

/** Applies one editor action and returns the new state; throws ThemeEditError when refused. */
export function applyThemeEdit(
  state: ThemeState,
  edit: ThemeEdit,
  app: ThemeApp,
  ids: ThemeIds = randomThemeIds,
): ThemeState {
  const next = structuredClone(state);
  switch (edit.kind) {
    case 'set-embed': {
      const definition = embedDefinition(app, edit.type);
      const embed = next.embeds.find((entry) => entry.type === edit.type);
      if (embed) embed.disabled = !edit.enabled;
      else if (edit.enabled)
        next.embeds.push({
          id: ids.embedId(),
          type: edit.type,
          disabled: false,
          settings: defaultSettings(definition),
        });
      return next;
    }
    case 'set-embed-settings': {
      const definition = embedDefinition(app, edit.type);
      const embed = next.embeds.find((entry) => entry.type === edit.type);
      if (!embed) throw new ThemeEditError(`switch the app embed ${definition.handle} on first`);
      embed.settings = updatedSettings(definition, embed.settings, edit.values);
      return next;
    }
    case 'add-block': {
      const blocks = templateBlocks(next, edit.template);
      const definition = findBlock(app, edit.type);
      if (!definition) throw new ThemeEditError(`unknown app block ${edit.type}`);
      if (!isAvailableOnTemplate(definition.schema, edit.template))
        throw new ThemeEditError(
          `${definition.handle} cannot be added to the ${edit.template} template`,
        );
      if (blocks.length >= MAX_BLOCKS_PER_SECTION)
        throw new ThemeEditError(`a section holds at most ${MAX_BLOCKS_PER_SECTION} blocks`);
      blocks.push({
        id: ids.blockId(definition),
        type: edit.type,
        settings: defaultSettings(definition),
      });
      return next;
    }
    case 'remove-block': {
      const blocks = templateBlocks(next, edit.template);
      blocks.splice(blockIndex(blocks, edit.template, edit.id), 1);
      return next;
    }
    case 'move-block': {
      const blocks = templateBlocks(next, edit.template);
      const from = blockIndex(blocks, edit.template, edit.id);
      const to = edit.direction === 'up' ? from - 1 : from + 1;
      if (to < 0 || to >= blocks.length)
        throw new ThemeEditError(
          `${edit.id} is already ${edit.direction === 'up' ? 'first' : 'last'}`,
        );
      const [block] = blocks.splice(from, 1);
      if (block) blocks.splice(to, 0, block);
      return next;
    }
    case 'set-block-settings': {
      const blocks = templateBlocks(next, edit.template);
      const block = blocks[blockIndex(blocks, edit.template, edit.id)];
      const definition = block && findBlock(app, block.type);
      if (!block || !definition) throw new ThemeEditError(`${edit.id} is no longer in the app`);
      block.settings = updatedSettings(definition, block.settings, edit.values);
      return next;
    }
  }
}

function embedDefinition(app: ThemeApp, type: string): AppBlockDefinition {
  const definition = findBlock(app, type);
  if (!definition || definition.schema.target === 'section')
    throw new ThemeEditError(`${type} is not an app embed of this app`);
  return definition;
}

function templateBlocks(state: ThemeState, template: string): PlacedAppBlock[] {
  if (!isTemplateName(template)) throw new ThemeEditError(`unknown template ${template}`);
  return state.templates[template];
}

function blockIndex(blocks: PlacedAppBlock[], template: string, id: string): number {
  const index = blocks.findIndex((block) => block.id === id);
  if (index < 0) throw new ThemeEditError(`no block ${id} in the ${template} template`);
  return index;
}

/** What Shopify stores for a new block: the settings that have a default. */
function defaultSettings(definition: AppBlockDefinition): SettingValues {
  const settings: SettingValues = {};
  for (const setting of definition.schema.settings) {
    if (setting.id !== undefined && setting.default !== undefined)
      settings[setting.id] = setting.default;
  }
  return settings;
}

/** Every value is checked before any is kept: one bad field leaves all settings as they were. */
function updatedSettings(
  definition: AppBlockDefinition,
  current: SettingValues,
  values: Record<string, string>,
): SettingValues {
  const settings = { ...current };
  for (const [id, input] of Object.entries(values)) {
    const setting = definition.schema.settings.find((entry) => entry.id === id);
    if (!setting || !isEditableSetting(setting))
      throw new ThemeEditError(`${definition.handle} has no editable setting ${id}`);
    try {
      settings[id] = parseSettingValue(setting, input);
    } catch (error) {
      if (error instanceof SettingValueError) throw new ThemeEditError(error.message);
      throw error;
    }
  }
  return settings;
}

const ID_ALPHABET = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

const randomThemeIds: ThemeIds = {
  embedId: () => `1${Array.from({ length: 19 }, () => randomInt(10)).join('')}`,
  blockId: (block) => {
    const appHandle = block.type.split('/')[3] ?? block.extension.handle;
    const suffix = Array.from({ length: 6 }, () => ID_ALPHABET[randomInt(ID_ALPHABET.length)]);
    return `${appHandle}_${block.handle}_${suffix.join('')}`.replaceAll('-', '_');
  },
};
