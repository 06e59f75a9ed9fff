import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

// What a newcomer's `npm install` checks: the Node version the repository states, against what
// every locked package requires (docs/decisions.md, "issue 31: Node version").
const ROOT = resolve(import.meta.dirname, '../../..');
const read = (file: string) => readFileSync(resolve(ROOT, file), 'utf8');
const manifest = JSON.parse(read('package.json')) as {
  engines?: { node?: string };
  devDependencies: Record<string, string>;
};
const lock = JSON.parse(read('package-lock.json')) as {
  packages: Record<string, { engines?: { node?: string } | string[]; dev?: boolean }>;
};

/** `[major, minor, patch]` of "22.12" or "v22.12.0". */
const version = (text: string) => {
  const [major = 0, minor = 0, patch = 0] = text.replace(/^v/, '').split('.').map(Number);
  return [major, minor, patch] as const;
};
const atLeast = (a: readonly number[], b: readonly number[]) => {
  for (let i = 0; i < 3; i += 1) {
    if ((a[i] ?? 0) !== (b[i] ?? 0)) return (a[i] ?? 0) > (b[i] ?? 0);
  }
  return true;
};

describe('the Node version', () => {
  const stated = manifest.engines?.node ?? '';

  it('is stated as a lower bound in engines', () => {
    expect(stated).toMatch(/^>=\d+\.\d+$/);
  });

  it('satisfies every locked package that states a lower bound (no EBADENGINE on it)', () => {
    const minimum = version(stated.slice(2));
    const refused = Object.entries(lock.packages).flatMap(([path, entry]) => {
      const node = Array.isArray(entry.engines) ? undefined : entry.engines?.node;
      const floor = node && /^>=\s*v?(\d+(\.\d+){0,2})$/.exec(node.trim())?.[1];
      return floor && !atLeast(minimum, version(floor)) ? [`${path} needs ${node}`] : [];
    });
    expect(refused).toEqual([]);
  });

  it('.nvmrc names the major of the Node pinned as a devDependency, within engines', () => {
    const nvmrc = read('.nvmrc').trim();
    const pinned = version((manifest.devDependencies.node ?? '').replace(/^\^/, ''));
    expect(Number(nvmrc)).toBe(pinned[0]);
    expect(atLeast(pinned, version(stated.slice(2)))).toBe(true);
  });

  it('installs no Shopify CLI (its schemas are kept in the repository instead)', () => {
    const heavy = Object.keys(lock.packages).filter((path) =>
      /node_modules\/@shopify\/(cli|dev-mcp|hydrogen)/.test(path),
    );
    expect(heavy).toEqual([]);
  });
});
