import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse as parseToml } from 'smol-toml';
import { type BlockSchema, splitBlockFile } from './block-schema';
import { type ExtensionLocales, readLocales } from './locales';

/** One `blocks/*.liquid` of a theme app extension. */
export interface AppBlockDefinition {
  /** What themes store: `shopify://apps/{app handle}/blocks/{block handle}/{extension uuid}`. */
  type: string;
  /** The file name without `.liquid`. */
  handle: string;
  extension: ThemeExtension;
  schema: BlockSchema;
  /** The file's Liquid with the schema cut out. */
  liquid: string;
}

export interface ThemeExtension {
  handle: string;
  uid: string;
  directory: string;
  locales: ExtensionLocales;
  blocks: AppBlockDefinition[];
}

/** Everything the app's theme app extensions put at a theme's disposal. */
export interface ThemeApp {
  appHandle: string;
  extensions: ThemeExtension[];
  blocks: AppBlockDefinition[];
}

export interface LoadThemeAppOptions {
  /** The folder holding one folder per extension; the repository's extensions/ by default. */
  extensionsDirectory?: string;
  /** The app's handle in block types; by default `handle` of shopify.app.toml beside it. */
  appHandle?: string;
}

const REPOSITORY_EXTENSIONS = fileURLToPath(new URL('../../../../extensions', import.meta.url));

/** Reads every theme extension (`type = "theme"`) with its blocks, schemas and locales. */
export function loadThemeApp(options: LoadThemeAppOptions = {}): ThemeApp {
  const directory = options.extensionsDirectory ?? REPOSITORY_EXTENSIONS;
  const appHandle = options.appHandle ?? appHandleBeside(directory);
  const extensions = readdirSync(directory, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => path.join(directory, entry.name))
    .filter((folder) => readToml(path.join(folder, 'shopify.extension.toml'))?.type === 'theme')
    .sort()
    .map((folder) => loadExtension(folder, appHandle));
  return { appHandle, extensions, blocks: extensions.flatMap((extension) => extension.blocks) };
}

export function findBlock(app: ThemeApp, type: string): AppBlockDefinition | undefined {
  return app.blocks.find((block) => block.type === type);
}

function loadExtension(directory: string, appHandle: string): ThemeExtension {
  const toml = readToml(path.join(directory, 'shopify.extension.toml')) ?? {};
  const handle =
    stringField(toml.handle) ?? slug(stringField(toml.name) ?? path.basename(directory));
  const extension: ThemeExtension = {
    handle,
    // The CLI writes `uid` into the toml; before it has, a stable id stands in for the
    // extension uuid Shopify assigns on deploy.
    uid: stringField(toml.uid) ?? stringField(toml.uuid) ?? stableUuid(`${appHandle}/${handle}`),
    directory,
    locales: readLocales(readJsonFiles(path.join(directory, 'locales'))),
    blocks: [],
  };
  const blocksDirectory = path.join(directory, 'blocks');
  for (const file of listFiles(blocksDirectory, '.liquid')) {
    const blockHandle = file.slice(0, -'.liquid'.length);
    const source = readFileSync(path.join(blocksDirectory, file), 'utf8');
    const { liquid, schema } = splitBlockFile(`${handle}/blocks/${file}`, source);
    extension.blocks.push({
      type: `shopify://apps/${appHandle}/blocks/${blockHandle}/${extension.uid}`,
      handle: blockHandle,
      extension,
      schema,
      liquid,
    });
  }
  return extension;
}

function appHandleBeside(extensionsDirectory: string): string {
  const app = readToml(path.join(extensionsDirectory, '..', 'shopify.app.toml'));
  const handle = stringField(app?.handle) ?? stringField(app?.name);
  if (!handle) throw new Error(`no shopify.app.toml with a handle beside ${extensionsDirectory}`);
  return slug(handle);
}

function readToml(file: string): Record<string, unknown> | undefined {
  return existsSync(file) ? parseToml(readFileSync(file, 'utf8')) : undefined;
}

function readJsonFiles(directory: string): Map<string, unknown> {
  const files = new Map<string, unknown>();
  for (const file of listFiles(directory, '.json')) {
    files.set(file, JSON.parse(readFileSync(path.join(directory, file), 'utf8')));
  }
  return files;
}

function listFiles(directory: string, extension: string): string[] {
  if (!existsSync(directory)) return [];
  return readdirSync(directory)
    .filter((file) => file.endsWith(extension))
    .sort();
}

function stringField(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** A UUID (version 5 layout) derived from a name, the same on every start. */
function stableUuid(name: string): string {
  const hex = createHash('sha1').update(`popstage-sandbox:${name}`).digest('hex');
  const variant = ((Number.parseInt(hex.slice(16, 18), 16) & 0x3f) | 0x80).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(18, 20)}-${hex.slice(20, 32)}`;
}
