import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { OpenApiDocument } from '@popstage/core/contract';
import { z } from 'zod';
import { buildApp } from './app';
import { configSchema, loadConfig } from './config';
import { openDatabase } from './db/client';
import { createDeps } from './deps';

/**
 * Writes the references that must match the code (`npm run docs`): docs/api.md's route table,
 * from the OpenAPI document the app serves at /api/docs (itself made of the served contracts),
 * and the README's environment table, from config.ts's schema (each variable's `.meta()`).
 * With --check it writes nothing and exits 1 when a reference is out of date (CI runs that).
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const check = process.argv.includes('--check');

interface Served {
  document: OpenApiDocument;
  /** Routes registered without a contract (HTML pages, some webhooks, media), outside /sandbox. */
  uncontracted: string[];
}

async function served(): Promise<Served> {
  const config = loadConfig({ PLATFORM: 'sandbox', LOG_LEVEL: 'silent', JOBS_ENABLED: 'false' });
  const database = await openDatabase({ dataDir: 'memory://' });
  const deps = await createDeps(config, {
    database,
    supervise: false,
    adminDist: null,
    widgetBundle: null,
  });
  const app = await buildApp(deps, { logger: false });
  try {
    const answer = await app.inject({ method: 'GET', url: '/api/docs' });
    if (answer.statusCode !== 200) throw new Error(`/api/docs answered ${answer.statusCode}`);
    const uncontracted = app.routeList
      .filter((route) => !route.contract && !route.url.startsWith('/sandbox'))
      .map((route) => `${route.method} ${route.url}`)
      .sort();
    return { document: answer.json() as OpenApiDocument, uncontracted };
  } finally {
    await app.close();
    await database.close();
  }
}

type Schema = { properties?: Record<string, unknown>; required?: string[] };
type Operation = {
  summary: string;
  parameters?: { name: string; in: string; required: boolean }[];
  requestBody?: { content: { 'application/json': { schema: Schema } } };
  responses: Record<string, unknown>;
};

/** `{ a, b? }`: the top-level fields of a body, optional ones marked. */
function fields(schema: Schema | undefined): string {
  const names = Object.keys(schema?.properties ?? {});
  if (names.length === 0) return '';
  const required = new Set(schema?.required ?? []);
  return `\`{ ${names.map((name) => (required.has(name) ? name : `${name}?`)).join(', ')} }\``;
}

/** The group a path is listed under: `/api/<area>`, else its first segment. */
function groupOf(route: string): string {
  const [first, second] = route.split('/').filter(Boolean);
  return first === 'api' && second ? `/api/${second}` : `/${first ?? ''}`;
}

function routeTable({ document, uncontracted }: Served): string {
  const groups = new Map<string, string[]>();
  let count = 0;
  for (const [route, methods] of Object.entries(document.paths)) {
    for (const [method, value] of Object.entries(methods)) {
      const operation = value as unknown as Operation;
      const query = (operation.parameters ?? [])
        .filter((parameter) => parameter.in === 'query')
        .map((parameter) => (parameter.required ? parameter.name : `${parameter.name}?`));
      const request = [
        query.length > 0 ? `query ${query.join(', ')}` : '',
        fields(operation.requestBody?.content['application/json'].schema),
      ]
        .filter(Boolean)
        .join('; ');
      const statuses = Object.keys(operation.responses).join(', ');
      const row = `| \`${method.toUpperCase()} ${route}\` | ${operation.summary} | ${request} | ${statuses} |`;
      const group = groupOf(route);
      groups.set(group, [...(groups.get(group) ?? []), row]);
      count += 1;
    }
  }
  const sections = [...groups].map(
    ([group, rows]) =>
      `### \`${group}\`\n\n| call | what | request | answers |\n|---|---|---|---|\n${rows.join('\n')}`,
  );
  const rest = uncontracted.map((route) => `- \`${route}\``).join('\n');
  return [
    `${count} routes, each from its contract in packages/core (schemas: \`GET /api/docs\` in sandbox mode).`,
    ...sections,
    `### Served without a contract\n\n${uncontracted.length} routes (HTML pages, media, some webhooks; the local Shopify under \`/sandbox\` is not listed):\n\n${rest}`,
  ].join('\n\n');
}

/** One row per variable: its name, what applies when it is unset, and what it means. */
function environmentTable(): string {
  const rows = Object.entries(configSchema.shape).map(([name, field]) => {
    const meta = z.globalRegistry.get(field) as
      | { description?: string; whenUnset?: string }
      | undefined;
    if (!meta?.description) throw new Error(`config.ts: ${name} has no description in .meta()`);
    const def = (field as unknown as { _zod: { def: { type: string; defaultValue?: unknown } } })
      ._zod.def;
    const fallback =
      meta.whenUnset ?? (def.type === 'default' ? `\`${String(def.defaultValue)}\`` : 'unset');
    return `| \`${name}\` | ${fallback} | ${meta.description.replaceAll('|', '\\|')} |`;
  });
  return `| name | when unset | meaning |\n|---|---|---|\n${rows.join('\n')}`;
}

/** Replaces what lies between `<!-- name:start -->` and `<!-- name:end -->` in a file. */
function between(file: string, name: string, content: string): { before: string; after: string } {
  const before = readFileSync(file, 'utf8');
  const start = `<!-- ${name}:start (generated by npm run docs; do not edit) -->`;
  const end = `<!-- ${name}:end -->`;
  const from = before.indexOf(start);
  const to = before.indexOf(end);
  const block = `${start}\n${content}\n${end}`;
  const after =
    from >= 0 && to > from
      ? `${before.slice(0, from)}${block}${before.slice(to + end.length)}`
      : `${before.trimEnd()}\n\n## Route reference\n\n${block}\n`;
  return { before, after };
}

const apiFile = path.join(root, 'docs/api.md');
const api = between(apiFile, 'routes', routeTable(await served()));
const readmeFile = path.join(root, 'README.md');
const readme = between(readmeFile, 'environment', environmentTable());
const stale = [
  api.before !== api.after ? 'docs/api.md' : '',
  readme.before !== readme.after ? 'README.md' : '',
].filter(Boolean);
if (check) {
  if (stale.length > 0) {
    console.error(`Out of date: ${stale.join(', ')}. Run npm run docs and commit the result.`);
    process.exit(1);
  }
  console.log('References are current: docs/api.md, README.md');
} else {
  writeFileSync(apiFile, api.after);
  writeFileSync(readmeFile, readme.after);
  console.log(stale.length > 0 ? `Wrote ${stale.join(', ')}` : 'References were current');
}
process.exit(0);
