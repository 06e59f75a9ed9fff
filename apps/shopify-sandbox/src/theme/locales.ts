/**
 * An extension's locales/: `<locale>.json` for the storefront (the `t` filter) and
 * `<locale>.schema.json` for the editor (`t:` keys in schemas). One file per kind is marked
 * `.default`; a missing key falls back to it, and Shopify prints "translation missing" otherwise.
 * https://shopify.dev/docs/storefronts/themes/architecture/locales
 */

type Translations = { [key: string]: string | Translations };

export interface LocaleSet {
  /** The `.default` locale's code, `en` for `en.default.json`. */
  defaultLocale: string;
  byLocale: Map<string, Translations>;
}

export interface ExtensionLocales {
  storefront: LocaleSet;
  schema: LocaleSet;
}

/** Builds both sets from locales/ file names and their parsed JSON. */
export function readLocales(files: ReadonlyMap<string, unknown>): ExtensionLocales {
  const storefront: LocaleSet = { defaultLocale: 'en', byLocale: new Map() };
  const schema: LocaleSet = { defaultLocale: 'en', byLocale: new Map() };
  for (const [file, json] of files) {
    const match = /^([A-Za-z-]+)(\.default)?(\.schema)?\.json$/.exec(file);
    if (!match?.[1]) throw new Error(`locales/${file}: not a locale file name`);
    const set = match[3] ? schema : storefront;
    set.byLocale.set(match[1], json as Translations);
    if (match[2]) set.defaultLocale = match[1];
  }
  return { storefront, schema };
}

/** The `t` filter: the key in the locale, else in the default locale; `{{ name }}` interpolated. */
export function translate(
  set: LocaleSet,
  locale: string,
  key: string,
  variables: Record<string, unknown> = {},
): string {
  const found = lookup(set, locale, key) ?? lookup(set, set.defaultLocale, key);
  const text = typeof found === 'object' ? pluralForm(found, variables.count) : found;
  if (text === undefined) return `translation missing: ${locale}.${key}`;
  return text.replace(/{{\s*(\w+)\s*}}/g, (whole, name: string) =>
    name in variables ? String(variables[name]) : whole,
  );
}

/** A schema label: `t:blocks.x.name` translated from the schema locales, other text as is. */
export function schemaText(set: LocaleSet, locale: string, text: string | undefined): string {
  if (text === undefined) return '';
  return text.startsWith('t:') ? translate(set, locale, text.slice(2)) : text;
}

function lookup(set: LocaleSet, locale: string, key: string): string | Translations | undefined {
  // `fr-CA` falls back to `fr` before the default locale.
  const translations = set.byLocale.get(locale) ?? set.byLocale.get(locale.split('-')[0] ?? '');
  let node: string | Translations | undefined = translations;
  for (const part of key.split('.')) {
    if (node === undefined || typeof node === 'string') return undefined;
    node = node[part];
  }
  return node;
}

/** Shopify's pluralisation keys: `zero` (when given), `one`, `other`, picked by `count`. */
function pluralForm(forms: Translations, count: unknown): string | undefined {
  if (typeof count !== 'number') return undefined;
  const form = count === 0 && forms.zero !== undefined ? 'zero' : count === 1 ? 'one' : 'other';
  const text = forms[form];
  return typeof text === 'string' ? text : undefined;
}
