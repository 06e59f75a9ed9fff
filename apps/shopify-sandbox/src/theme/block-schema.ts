import type { SettingDefinition } from './setting-definitions';

/**
 * Where an app block goes: `section` blocks are placed in templates' sections by the merchant;
 * `body` and `head` blocks are app embeds, switched on in the theme settings.
 * https://shopify.dev/docs/apps/build/online-store/theme-app-extensions/configuration#schema
 */
export type BlockTarget = 'section' | 'body' | 'head';

/** `enabled_on` / `disabled_on`: template names (`product`, `index`, `*`...) and section groups. */
export interface BlockAvailability {
  templates?: string[];
  groups?: string[];
}

export interface BlockSchema {
  name: string;
  target: BlockTarget;
  settings: SettingDefinition[];
  enabledOn?: BlockAvailability;
  disabledOn?: BlockAvailability;
  /** Asset file names of the extension's assets/ folder that Shopify loads with the block. */
  javascript?: string;
  stylesheet?: string;
}

const SCHEMA_TAG = /{%-?\s*schema\s*-?%}([\s\S]*?){%-?\s*endschema\s*-?%}/;
const TARGETS: readonly string[] = ['section', 'body', 'head'];

/**
 * Splits a block file into its Liquid and its schema. The schema is cut out before Liquid parses
 * the file, as Shopify reads it apart from rendering (its JSON may hold `{{`).
 */
export function splitBlockFile(
  file: string,
  source: string,
): { liquid: string; schema: BlockSchema } {
  const match = SCHEMA_TAG.exec(source);
  if (!match) throw new Error(`${file}: no {% schema %} tag`);
  let json: unknown;
  try {
    json = JSON.parse(match[1] ?? '');
  } catch (error) {
    throw new Error(`${file}: the schema is not JSON (${(error as Error).message})`);
  }
  return { liquid: source.replace(SCHEMA_TAG, ''), schema: readSchema(file, json) };
}

function readSchema(file: string, json: unknown): BlockSchema {
  const schema = json as Record<string, unknown>;
  if (!schema || typeof schema !== 'object')
    throw new Error(`${file}: the schema is not an object`);
  if (typeof schema.name !== 'string') throw new Error(`${file}: the schema has no name`);
  if (typeof schema.target !== 'string' || !TARGETS.includes(schema.target))
    throw new Error(`${file}: target must be one of ${TARGETS.join(', ')}`);
  const settings = schema.settings ?? [];
  if (!Array.isArray(settings)) throw new Error(`${file}: settings must be an array`);
  for (const setting of settings as SettingDefinition[]) {
    if (typeof setting?.type !== 'string') throw new Error(`${file}: a setting has no type`);
  }
  const ids = (settings as SettingDefinition[]).flatMap((s) => (s.id === undefined ? [] : [s.id]));
  if (new Set(ids).size !== ids.length) throw new Error(`${file}: two settings share an id`);
  if (schema.enabled_on && schema.disabled_on)
    throw new Error(`${file}: a block may have enabled_on or disabled_on, not both`);
  return {
    name: schema.name,
    target: schema.target as BlockTarget,
    settings: settings as SettingDefinition[],
    enabledOn: schema.enabled_on as BlockAvailability | undefined,
    disabledOn: schema.disabled_on as BlockAvailability | undefined,
    javascript: typeof schema.javascript === 'string' ? schema.javascript : undefined,
    stylesheet: typeof schema.stylesheet === 'string' ? schema.stylesheet : undefined,
  };
}

/** Whether a section block may be placed in a template, by its enabled_on / disabled_on. */
export function isAvailableOnTemplate(schema: BlockSchema, template: string): boolean {
  if (schema.target !== 'section') return false;
  const listed = (availability: BlockAvailability | undefined) =>
    availability?.templates?.some((name) => name === '*' || name === template) ?? false;
  if (schema.enabledOn) return listed(schema.enabledOn);
  if (schema.disabledOn) return !listed(schema.disabledOn);
  return true;
}
