import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { readAppScopes } from './app-scopes';

/**
 * readAppScopes feeds scope-change detection (access-tokens.ts): if it answered [] every stored
 * grant would look sufficient and a scope added to shopify.app.toml would never be requested.
 */
const TOML = new URL('../../../../../shopify.app.toml', import.meta.url);

describe('readAppScopes', () => {
  it("reads shopify.app.toml's access_scopes, one entry per scope", () => {
    // Read the line independently of the TOML parser the function uses.
    const line = /^scopes\s*=\s*"([^"]*)"/m.exec(readFileSync(TOML, 'utf8'))?.[1] ?? '';
    const scopes = readAppScopes();
    expect(scopes.length).toBeGreaterThan(0);
    expect(scopes).toEqual(line.split(','));
    // What the features use (see the comments in the file) is there; the removed one is not.
    expect(scopes).toEqual(
      expect.arrayContaining(['write_products', 'write_publications', 'read_orders']),
    );
    expect(scopes).not.toContain('read_online_store_navigation');
  });

  it('trims spaces and drops empty entries', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'popstage-scopes-'));
    const file = path.join(dir, 'shopify.app.toml');
    writeFileSync(file, '[access_scopes]\nscopes = " read_themes , ,write_products,"\n');
    expect(readAppScopes(pathToFileURL(file))).toEqual(['read_themes', 'write_products']);
    writeFileSync(file, 'name = "no scopes"\n');
    expect(readAppScopes(pathToFileURL(file))).toEqual([]);
  });
});
