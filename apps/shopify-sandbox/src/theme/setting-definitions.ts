/**
 * Settings of an app block's `{% schema %}` and the values the theme editor accepts for them, by
 * Shopify's input setting types.
 * https://shopify.dev/docs/storefronts/themes/architecture/settings/input-settings
 */

/** A stored setting value, as Shopify keeps it in settings_data.json and JSON templates. */
export type SettingValue = string | number | boolean | null;

export type SettingValues = Record<string, SettingValue>;

export interface SettingOption {
  value: string;
  label: string;
}

/** One entry of a schema's `settings`; sidebar entries (header, paragraph) have no id. */
export interface SettingDefinition {
  type: string;
  id?: string;
  label?: string;
  info?: string;
  content?: string;
  default?: SettingValue;
  options?: SettingOption[];
  min?: number;
  max?: number;
  step?: number;
  placeholder?: string;
}

/** Input settings the sandbox editor can change; other types still render with their defaults. */
const STRING_TYPES = new Set(['text', 'textarea', 'html', 'richtext', 'inline_richtext', 'liquid']);
const EDITABLE_TYPES = new Set([
  ...STRING_TYPES,
  'number',
  'range',
  'checkbox',
  'select',
  'radio',
  'color',
  'url',
]);

export function isEditableSetting(setting: SettingDefinition): boolean {
  return setting.id !== undefined && EDITABLE_TYPES.has(setting.type);
}

/** `block.settings` as Liquid sees it: each setting's default, overridden by the stored value. */
export function settingsWithDefaults(
  definitions: readonly SettingDefinition[],
  stored: SettingValues,
): SettingValues {
  const values: SettingValues = {};
  for (const setting of definitions) {
    if (setting.id === undefined) continue;
    values[setting.id] = stored[setting.id] ?? setting.default ?? null;
  }
  return values;
}

/** The value a form field holds, checked against the setting's type; throws on a bad value. */
export function parseSettingValue(setting: SettingDefinition, input: string): SettingValue {
  const name = setting.id ?? setting.type;
  const refuse = (why: string): never => {
    throw new SettingValueError(`${name}: ${why}`);
  };
  if (STRING_TYPES.has(setting.type)) return input;
  switch (setting.type) {
    case 'checkbox':
      if (input === 'true') return true;
      if (input === 'false') return false;
      return refuse('expected true or false');
    case 'number': {
      if (input.trim() === '') return null;
      const number = Number(input);
      return Number.isFinite(number) ? number : refuse('expected a number');
    }
    case 'range':
      return parseRange(setting, input, refuse);
    case 'select':
    case 'radio':
      return setting.options?.some((option) => option.value === input)
        ? input
        : refuse(`expected one of ${(setting.options ?? []).map((o) => o.value).join(', ')}`);
    case 'color':
      return input === '' || /^#(?:[0-9a-f]{3}|[0-9a-f]{6}|[0-9a-f]{8})$/i.test(input)
        ? input
        : refuse('expected a hex colour such as #1a2b3c');
    case 'url':
      return input === '' || isSettingUrl(input) ? input : refuse('expected an http(s) or / URL');
    default:
      return refuse(`settings of type ${setting.type} cannot be edited in the sandbox editor`);
  }
}

export class SettingValueError extends Error {}

function parseRange(
  setting: SettingDefinition,
  input: string,
  refuse: (why: string) => never,
): number {
  const value = Number(input);
  if (input.trim() === '' || !Number.isFinite(value)) return refuse('expected a number');
  const { min = value, max = value, step = 1 } = setting;
  if (value < min || value > max) return refuse(`expected a number from ${min} to ${max}`);
  // Steps may be decimals (0.1): compare with a tolerance rather than with %.
  const steps = (value - min) / step;
  if (Math.abs(steps - Math.round(steps)) > 1e-9) return refuse(`expected a step of ${step}`);
  return value;
}

function isSettingUrl(input: string): boolean {
  if (input.startsWith('/') && !input.startsWith('//')) return true;
  try {
    return ['http:', 'https:'].includes(new URL(input).protocol);
  } catch {
    return false;
  }
}
