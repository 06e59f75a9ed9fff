import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { readThemeExtensionUuid } from './theme-extension';

const root = mkdtempSync(path.join(tmpdir(), 'popstage-extensions-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const extensions = (files: Record<string, string>) => {
  const folder = mkdtempSync(path.join(root, 'case-'));
  for (const [name, toml] of Object.entries(files)) {
    mkdirSync(path.join(folder, name));
    writeFileSync(path.join(folder, name, 'shopify.extension.toml'), toml);
  }
  return pathToFileURL(`${folder}/`);
};

describe('readThemeExtensionUuid', () => {
  it("reads the theme extension's uid, not another extension's", () => {
    const folder = extensions({
      channel: 'type = "channel_config"\nuid = "channel-uid"\n',
      popstage: 'name = "popstage"\ntype = "theme"\nuid = "0193a1b2-c3d4"\n',
    });
    expect(readThemeExtensionUuid(folder)).toBe('0193a1b2-c3d4');
  });

  it('is null before a deploy wrote one, and for the repository as committed', () => {
    expect(readThemeExtensionUuid(extensions({ popstage: 'type = "theme"\n' }))).toBeNull();
    expect(readThemeExtensionUuid()).toBeNull();
  });
});
