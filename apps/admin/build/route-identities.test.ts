import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { build, type Plugin, parseSync, type Rolldown } from 'vite';
import { describe, expect, it } from 'vitest';
import {
  pureInitialisers,
  routeExports,
  routeIdentities,
  routeIdentitiesOnly,
} from './route-identities';

const CONTRACT = `import { z } from 'zod';
import { defineRoute } from '../contract/define';
import { thingSchema } from './types';

/** Café’s calls: the offsets after this line are past characters of more than one byte. */
const partSchema = z.object({ id: z.string() });
export type Part = z.infer<typeof partSchema>;
export const PART_LIMIT = 3;

export const thingContract = {
  get: defineRoute({
    method: 'GET',
    path: '/api/things/:id',
    params: z.object({ id: z.string() }),
    response: thingSchema,
    summary: 'One thing’s parts',
  }),
  create: defineRoute({
    'method': 'POST',
    path: '/api/things',
    body: partSchema satisfies z.ZodType,
    response: z.object({ ok: z.literal(true) }),
    status: 201,
    summary: 'Adds a part',
  }),
};
`;

describe('routeIdentitiesOnly', () => {
  it("cuts each route down to method, path and status, leaving the module's other code", () => {
    const out = routeIdentitiesOnly(CONTRACT, 'things/contract.ts');
    expect(out?.cut).toBe(2);
    expect(out?.leftWhole).toBe(0);
    expect(out?.code).toContain(`get: defineRoute({ method: 'GET', path: '/api/things/:id' }),`);
    expect(out?.code).toContain(
      `create: defineRoute({ 'method': 'POST', path: '/api/things', status: 201 }),`,
    );
    expect(out?.code).not.toMatch(/thingSchema,|summary|params:|body:|response:/);
    expect(out?.code).toContain('const partSchema = z.object({ id: z.string() });');
    expect(out?.code).toContain('export const PART_LIMIT = 3;');
    expect(parseSync('out.ts', out?.code ?? '').errors).toEqual([]);
  });

  it('leaves whole a route whose properties it cannot name', () => {
    const code = `const base = { method: 'GET' as const };
export const c = { a: defineRoute({ ...base, path: '/a', response: s, summary: '' }), b: defineRoute(other) };`;
    const out = routeIdentitiesOnly(code, 'c.ts');
    expect(out).toEqual({ code, cut: 0, leftWhole: 2 });
  });

  it('leaves a module without routes alone', () => {
    expect(routeIdentitiesOnly('export const a = z.string();', 'a.ts')).toBeNull();
  });

  // A route the plugin cannot cut (a spread, a computed key) keeps its schemas, and zod, in the
  // admin's bundle: name its properties in the defineRoute call.
  it("cuts every route of packages/core's contracts", () => {
    const core = resolve(import.meta.dirname, '../../../packages/core/src');
    const modules = readdirSync(core, { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
      .map((file) => ({ file, code: readFileSync(join(core, file), 'utf8') }))
      .filter(({ code }) => /\bdefineRoute\(\{/.test(code));
    expect(modules.length).toBeGreaterThan(10);
    for (const { file, code } of modules) {
      const out = routeIdentitiesOnly(code, file);
      expect(out?.leftWhole, file).toBe(0);
      expect(out?.cut, file).toBe(code.match(/\bdefineRoute\(/g)?.length);
      expect(out?.code, file).not.toMatch(/\bsummary:/);
      expect(parseSync(file, out?.code ?? '').errors, file).toEqual([]);
    }
  });
});

describe('pureInitialisers', () => {
  const code = `import { z } from 'zod';
export const a = z.object({ x: z.string() }).nullable();
const b = { limit: Math.max(1, 2), list: [1, 2].map((n) => n * 2) };
const c = 3, d = { e: 'f' };
const g = () => h();
let i = j();
`;

  it('marks each top-level const that calls something as one pure call', () => {
    const out = pureInitialisers(code, 'm.ts') ?? '';
    expect(out).toContain(
      'export const a = /* @__PURE__ */ (() => (z.object({ x: z.string() }).nullable()))();',
    );
    expect(out).toContain(
      'const b = /* @__PURE__ */ (() => ({ limit: Math.max(1, 2), list: [1, 2].map((n) => n * 2) }))();',
    );
    expect(out).toContain("const c = 3, d = { e: 'f' };");
    expect(out).toContain('const g = () => h();');
    expect(out).toContain('let i = j();');
    expect(parseSync('out.ts', out).errors).toEqual([]);
  });

  it('evaluates each initialiser as before', () => {
    const source = `const b = { limit: Math.max(1, 2), list: [1, 2].map((n) => n * 2) };
const t = \`\${b.limit}\`;`;
    const out = pureInitialisers(source, 'm.js') ?? '';
    expect(out).not.toBe(source);
    const run = (text: string) => new Function(`${text}\nreturn [b, t];`)();
    expect(run(out)).toEqual(run(source));
    expect(run(out)).toEqual([{ limit: 2, list: [2, 4] }, '2']);
  });

  it('leaves a module whose initialisers call nothing', () => {
    expect(pureInitialisers("export const A = 'a';\nconst f = () => g();", 'm.ts')).toBeNull();
  });
});

describe('routeExports', () => {
  it('names the exports that hold routes, and says whether the module exports other values', () => {
    expect(routeExports(CONTRACT, 'things/contract.ts')).toEqual({
      routes: ['thingContract'],
      others: true,
    });
    const routesOnly = `export type T = string;
export const c = { a: defineRoute({ method: 'GET', path: '/a' }) };
export { type U } from './u';`;
    expect(routeExports(routesOnly, 'c.ts')).toEqual({ routes: ['c'], others: false });
    expect(routeExports("export * from './m';\nexport const c = defineRoute(r);", 'c.ts')).toEqual({
      routes: ['c'],
      others: true,
    });
    expect(routeExports('export function f() { return defineRoute(r); }', 'c.ts')).toEqual({
      routes: [],
      others: true,
    });
    expect(routeExports('export default defineRoute(r);', 'c.ts')).toBeNull();
  });
});

/**
 * The modules of each chunk of a bundle of the given modules, the first one its entry, by the
 * module a chunk is for (core's modules by their path in core).
 */
async function bundle(
  modules: Record<string, string>,
  plugins: Plugin[],
): Promise<Record<string, string[]>> {
  const virtual: Plugin = {
    name: 'virtual',
    resolveId: (id) => (id in modules ? `\0${id}` : null),
    load: (id) => (id.startsWith('\0') ? modules[id.slice(1)] : null),
  };
  const output = (await build({
    configFile: false,
    logLevel: 'silent',
    root: import.meta.dirname,
    plugins: [virtual, ...plugins],
    build: {
      write: false,
      minify: false,
      rolldownOptions: { input: Object.keys(modules)[0] },
    },
  })) as Rolldown.RolldownOutput;
  const chunks: Record<string, string[]> = {};
  for (const file of output.output) {
    if (file.type !== 'chunk') continue;
    chunks[file.facadeModuleId?.replace('\0', '') ?? file.name] = Object.entries(file.modules)
      .filter(([, module]) => module.renderedLength > 0)
      .map(([id]) => id.replace(/.*[\\/]packages[\\/]core[\\/]src[\\/]/, 'core/'));
  }
  return chunks;
}

const zod = (ids: string[] = []) => ids.filter((id) => /[\\/]node_modules[\\/]zod[\\/]/.test(id));

describe('routeIdentities', () => {
  it('bundles a route of a contract without its schemas or zod', async () => {
    const entry = {
      entry:
        "import { shopContract } from '@popstage/core/shop';\nconsole.log(shopContract.shop.path);",
    };
    // Without the plugin, the contract brings zod and the shop's schemas.
    expect(zod((await bundle(entry, [])).entry).length).toBeGreaterThan(0);
    expect((await bundle(entry, [routeIdentities()])).entry).toEqual([
      'core/contract/define.ts',
      'core/shop/contract.ts',
      '\0entry',
    ]);
  }, 60_000);

  it("leaves a schema of a contract's module to the chunk that reads it", async () => {
    // The help contract's module also holds the support form's schema, which a lazy screen reads.
    const chunks = await bundle(
      {
        entry: `import { helpContract } from '@popstage/core/help';
console.log(helpContract.zendeskToken.path);
import('form').then((form) => console.log(form.valid({})));`,
        form: `import { supportRequestBodySchema } from '@popstage/core/help';
export const valid = (body) => supportRequestBodySchema.safeParse(body).success;`,
      },
      [routeIdentities()],
    );
    expect(zod(chunks.entry)).toEqual([]);
    expect(chunks.entry).toContain('core/help/contract.ts~routes.ts');
    expect(chunks.form).toContain('core/help/contract.ts~declarations.ts');
    expect(zod(chunks.form).length).toBeGreaterThan(0);
  }, 60_000);
});
