import { describe, expect, it } from 'vitest';
import { settingsData } from '../../test/shopify/settings-data';
import { isAppEmbedEnabledIn } from './app-embed';

const UUID = '0193a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b';

const embed = (extra: Record<string, unknown> = {}, handle = 'popstage') => ({
  type: `shopify://apps/${handle}/blocks/app-embed/${UUID}`,
  disabled: false,
  settings: {},
  ...extra,
});

describe('isAppEmbedEnabledIn', () => {
  it("finds the enabled embed by the app's handle or the extension uuid, despite the leading comment", () => {
    const data = settingsData({ '1234': embed({}, 'reels-by-acme') });
    expect(isAppEmbedEnabledIn(data, { appHandle: 'reels-by-acme' })).toBe(true);
    expect(isAppEmbedEnabledIn(data, { extensionUuid: UUID })).toBe(true);
    expect(isAppEmbedEnabledIn(data, { appHandle: 'popstage' })).toBe(false);
  });

  it('takes an override as the only name, matching any whole segment', () => {
    const data = settingsData({ '1234': embed() });
    expect(isAppEmbedEnabledIn(data, { override: UUID, appHandle: 'other' })).toBe(true);
    expect(isAppEmbedEnabledIn(data, { override: 'app-embed' })).toBe(true);
    expect(isAppEmbedEnabledIn(data, { override: 'ffff', appHandle: 'popstage' })).toBe(false);
  });

  it('is off when the block is disabled, absent, or from another app', () => {
    const ours = { appHandle: 'popstage', extensionUuid: UUID };
    expect(isAppEmbedEnabledIn(settingsData({ a: embed({ disabled: true }) }), ours)).toBe(false);
    expect(isAppEmbedEnabledIn(settingsData({}), ours)).toBe(false);
    const other = { type: 'shopify://apps/reviews/blocks/popstage/ffff', disabled: false };
    expect(isAppEmbedEnabledIn(settingsData({ a: other }), ours)).toBe(false);
    expect(isAppEmbedEnabledIn(settingsData({ a: embed() }), {})).toBe(false);
  });

  it('matches whole segments only, and only app blocks', () => {
    expect(isAppEmbedEnabledIn(settingsData({ a: embed() }), { appHandle: 'pop' })).toBe(false);
    const section = { type: 'popstage', disabled: false };
    expect(isAppEmbedEnabledIn(settingsData({ a: section }), { appHandle: 'popstage' })).toBe(
      false,
    );
  });

  it('reads a preset named by current, and survives junk', () => {
    const ours = { extensionUuid: UUID };
    expect(isAppEmbedEnabledIn(settingsData({ a: embed() }, 'Default'), ours)).toBe(true);
    expect(isAppEmbedEnabledIn('not json', ours)).toBe(false);
    expect(isAppEmbedEnabledIn('{"current":{}}', ours)).toBe(false);
  });
});
