import { readFileSync } from 'node:fs';
import { type ESTree, type Plugin, parseSync, Visitor } from 'vite';

/** What the admin's client reads of a contract: the call's method and path, and its status. */
const IDENTITY = new Set(['method', 'path', 'status']);

/** The key of `key: value` or `'key': value`; null for a computed key. */
function keyName(property: ESTree.ObjectProperty): string | null {
  if (property.computed) return null;
  if (property.key.type === 'Identifier') return property.key.name;
  if (property.key.type === 'Literal' && typeof property.key.value === 'string') {
    return property.key.value;
  }
  return null;
}

/**
 * The source text of the route's identity properties; null when a property could hold anything,
 * the identity too (a spread, a computed key).
 */
function identityOf(route: ESTree.ObjectExpression, code: string): string[] | null {
  const kept: string[] = [];
  for (const property of route.properties) {
    const name = property.type === 'Property' ? keyName(property) : null;
    if (name === null) return null;
    if (IDENTITY.has(name)) kept.push(code.slice(property.start, property.end));
  }
  return kept;
}

export interface IdentitiesOnly {
  code: string;
  /** Routes cut down to their identity. */
  cut: number;
  /** Routes left whole: their argument is not an object literal of named properties. */
  leftWhole: number;
}

/**
 * The module's source with every `defineRoute({...})` cut down to its route identity (method,
 * path, status): its schemas and summary dropped. Null when the source calls no defineRoute.
 */
export function routeIdentitiesOnly(code: string, filename: string): IdentitiesOnly | null {
  if (!code.includes('defineRoute')) return null;
  const { program, errors } = parseSync(filename, code);
  if (errors.length > 0) throw new Error(`${filename}: ${errors[0]?.message}`);
  const cuts: { start: number; end: number; text: string }[] = [];
  let leftWhole = 0;
  new Visitor({
    CallExpression(call) {
      if (call.callee.type !== 'Identifier' || call.callee.name !== 'defineRoute') return;
      const [route] = call.arguments;
      const kept = route?.type === 'ObjectExpression' ? identityOf(route, code) : null;
      if (!route || kept === null) {
        leftWhole += 1;
        return;
      }
      cuts.push({ start: route.start, end: route.end, text: `{ ${kept.join(', ')} }` });
    },
  }).visit(program);
  if (cuts.length === 0 && leftWhole === 0) return null;
  let out = code;
  for (const cut of cuts.sort((a, b) => b.start - a.start)) {
    out = out.slice(0, cut.start) + cut.text + out.slice(cut.end);
  }
  return { code: out, cut: cuts.length, leftWhole };
}

/** Nodes whose body runs later, when called: what they contain runs nothing now. */
const DEFERRED = new Set(['ArrowFunctionExpression', 'FunctionExpression']);
const CALLS = new Set(['CallExpression', 'NewExpression', 'TaggedTemplateExpression']);

type Node = { type: string; callee?: { type: string; name?: string } };

/**
 * Whether evaluating the expression now reaches a node that passes the test (the bodies of the
 * functions it defines run later and are not searched).
 */
function reaches(node: unknown, test: (node: Node) => boolean): boolean {
  if (Array.isArray(node)) return node.some((item) => reaches(item, test));
  if (typeof node !== 'object' || node === null || !('type' in node)) return false;
  if (test(node as Node)) return true;
  if (DEFERRED.has((node as Node).type)) return false;
  return Object.entries(node).some(([key, value]) => key !== 'parent' && reaches(value, test));
}

const callsAnything = (node: unknown) => reaches(node, ({ type }) => CALLS.has(type));
const awaits = (node: unknown) => reaches(node, ({ type }) => type === 'AwaitExpression');
const callsDefineRoute = (node: unknown) =>
  reaches(
    node,
    ({ type, callee }) =>
      type === 'CallExpression' && callee?.type === 'Identifier' && callee.name === 'defineRoute',
  );

/**
 * The module's source with the initialiser of each top-level `const` that calls something
 * wrapped in an IIFE marked pure: `const s = /* @__PURE__ *\/ (() => (z.object({...})))();`. A
 * bundler keeps a call it cannot prove free of effects even when nothing reads its result, and
 * zod's builders are such calls, chained (`z.object(...).nullable()`) where no annotation can
 * reach the inner ones; one pure call around the whole initialiser lets an unread schema go,
 * and one that is read is evaluated as before. Null when no initialiser calls anything.
 */
export function pureInitialisers(code: string, filename: string): string | null {
  const { program, errors } = parseSync(filename, code);
  if (errors.length > 0) throw new Error(`${filename}: ${errors[0]?.message}`);
  const wraps: { start: number; end: number }[] = [];
  for (const statement of program.body) {
    const declaration =
      statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement;
    if (declaration?.type !== 'VariableDeclaration' || declaration.kind !== 'const') continue;
    for (const { init } of declaration.declarations) {
      // An initialiser that awaits (top-level await) cannot move into a function.
      if (init && callsAnything(init) && !awaits(init)) {
        wraps.push({ start: init.start, end: init.end });
      }
    }
  }
  if (wraps.length === 0) return null;
  let out = code;
  for (const { start, end } of wraps.sort((a, b) => b.start - a.start)) {
    out = `${out.slice(0, start)}/* @__PURE__ */ (() => (${out.slice(start, end)}))()${out.slice(end)}`;
  }
  return out;
}

/**
 * The names a module exports whose value holds a route (`export const x = {... defineRoute(...)}`),
 * and whether it exports any other value; null when it has a default export.
 */
export function routeExports(
  code: string,
  filename: string,
): { routes: string[]; others: boolean } | null {
  const { program, errors } = parseSync(filename, code);
  if (errors.length > 0) throw new Error(`${filename}: ${errors[0]?.message}`);
  const routes: string[] = [];
  let others = false;
  for (const statement of program.body) {
    if (statement.type === 'ExportDefaultDeclaration') return null;
    if (statement.type === 'ExportAllDeclaration') {
      others ||= statement.exportKind !== 'type';
      continue;
    }
    if (statement.type !== 'ExportNamedDeclaration' || statement.exportKind === 'type') continue;
    const declaration = statement.declaration;
    if (!declaration) {
      others ||= statement.specifiers.some((specifier) => specifier.exportKind !== 'type');
    } else if (declaration.type === 'VariableDeclaration') {
      for (const { id, init } of declaration.declarations) {
        if (id.type === 'Identifier' && init && callsDefineRoute(init)) routes.push(id.name);
        else others = true;
      }
    } else if (
      declaration.type === 'FunctionDeclaration' ||
      declaration.type === 'ClassDeclaration'
    ) {
      others = true;
    }
  }
  return { routes, others };
}

/** A module of packages/core's sources (contracts, rules, schemas). */
const CORE_SOURCE = /[\\/]packages[\\/]core[\\/]src[\\/]/;
/** The two copies of a module with routes and other exports (see routeIdentities). */
const COPY = /~(routes|declarations)\.ts$/;

/**
 * The admin's bundle keeps only the route identity of each contract of packages/core, and drops
 * what of core nothing reads.
 *
 * The client calls a route by its method and path and casts the answer to the contract's type
 * (lib/api/client.ts): it never validates with a contract's schemas; the server does. Yet a
 * contract is one object with its schemas, so the first screen, whose shell calls the shop,
 * banners and help routes, carried zod and every schema of those areas (issue 29). Here:
 * - each `defineRoute` of the build keeps method, path and status;
 * - core's modules and top-level initialisers are marked free of side effects (core only
 *   declares: rules, messages, schemas), so a schema nothing reads any more is dropped, and zod
 *   with the last one;
 * - a module that exports routes and something else (the help contract and the support form's
 *   schema) is bundled as two copies behind a module re-exporting the routes from one and the
 *   rest from the other: a bundler puts a module, all it keeps of it, in one chunk, so the form's
 *   schema would ride on the first screen with the routes. Each copy keeps what is read of it.
 * Schemas the admin imports by name (some forms validate with them) stay, on the screens that
 * import them. Types never reach the bundle, and the tests run the contracts whole.
 */
export function routeIdentities(): Plugin {
  return {
    name: 'popstage:route-identities',
    apply: 'build',
    enforce: 'pre',
    resolveId: {
      filter: { id: COPY },
      handler: (source) => (CORE_SOURCE.test(source) ? source : null),
    },
    load: {
      filter: { id: COPY },
      handler: (id) => (CORE_SOURCE.test(id) ? readFileSync(id.replace(COPY, ''), 'utf8') : null),
    },
    transform: {
      filter: { id: { include: CORE_SOURCE, exclude: /\.test\.ts$/ } },
      handler(code, id) {
        const exported = COPY.test(id) ? null : routeExports(code, id);
        if (exported && exported.routes.length > 0 && exported.others) {
          const facade = [
            `export { ${exported.routes.join(', ')} } from ${JSON.stringify(`${id}~routes.ts`)};`,
            `export * from ${JSON.stringify(`${id}~declarations.ts`)};`,
          ].join('\n');
          return { code: facade, map: null, moduleSideEffects: false };
        }
        const routes = routeIdentitiesOnly(code, id);
        if (routes && routes.leftWhole > 0) {
          this.warn(`${routes.leftWhole} route(s) left whole, schemas included: ${id}`);
        }
        const cut = routes?.code ?? code;
        // Core only declares: a module the admin reads nothing of is left out (as a package
        // marked `sideEffects: false` would be), and an initialiser nothing reads is dropped.
        return { code: pureInitialisers(cut, id) ?? cut, map: null, moduleSideEffects: false };
      },
    },
  };
}
