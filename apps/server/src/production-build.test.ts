import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The production build (build.mjs) keeps what a server may never use out of what it loads at
 * start: the local Shopify (GraphQL, Liquid), the S3 SDK and the password estimator are reached
 * only through dynamic imports. The web role idled at 171 MB with them, 136 MB without
 * (bench/memory.bench.ts, issue 13's 150 MB).
 */
const SERVER = path.resolve(import.meta.dirname, '..');
const DIST = path.join(SERVER, 'dist');
const ON_DEMAND = /^(@aws-sdk\/|graphql$|liquidjs$|@zxcvbn-ts\/)/;

/** The specifiers a module imports statically, and those it imports with import(). */
function importsOf(file: string) {
  const code = readFileSync(path.join(DIST, file), 'utf8');
  const statics = [...code.matchAll(/(?:^|\n)import\s*(?:[^"'();]*?\sfrom\s*)?"([^"]+)"/g)];
  const dynamics = [...code.matchAll(/\bimport\("([^"]+)"\)/g)];
  return {
    statics: statics.map((match) => match[1] as string),
    dynamics: dynamics.map((match) => match[1] as string),
  };
}

describe('the production build', () => {
  it('loads the local Shopify, the S3 SDK and the password estimator only on demand', () => {
    execFileSync(process.execPath, [path.join(SERVER, 'build.mjs')], { cwd: SERVER });
    // Everything main.js loads at start: itself and the chunks it imports statically.
    const loaded = new Set<string>();
    const packages = new Set<string>();
    const dynamic = new Set<string>();
    const visit = (file: string) => {
      if (loaded.has(file)) return;
      loaded.add(file);
      const { statics, dynamics } = importsOf(file);
      for (const specifier of dynamics) dynamic.add(specifier);
      for (const specifier of statics) {
        if (specifier.startsWith('./')) visit(specifier.slice(2));
        else packages.add(specifier);
      }
    };
    visit('main.js');
    expect([...packages].filter((name) => ON_DEMAND.test(name))).toEqual([]);
    // Still there, behind import(): the password estimator directly, the rest in their chunks.
    expect(dynamic).toContain('@zxcvbn-ts/core');
    const chunks = [...dynamic].filter((specifier) => specifier.startsWith('./'));
    const behind = chunks.flatMap((chunk) => importsOf(chunk.slice(2)).statics);
    expect(behind).toEqual(expect.arrayContaining(['@aws-sdk/client-s3', 'graphql', 'liquidjs']));
    // The server starts with what it always needs.
    expect(packages).toContain('fastify');
  }, 60_000);
});
