import { describe, expect, it } from 'vitest';
import { settingsData } from '../../test/shopify/settings-data';
import { isAppEmbedEnabledIn } from './app-embed';

const UUID = '0193a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b';

const embed = (extra: Record<string, unknown> = {}) => ({
  type: `shopify://apps/popstage/blocks/app-embed/${UUID}`,
  disabled: false,
  settings: {},
  ...extra,
});

describe('isAppEmbedEnabledIn', () => {
  it('finds the enabled embed by extension uuid or by handle, despite the leading comment', () => {
    const data = settingsData({ '1234': embed() });
    expect(isAppEmbedEnabledIn(data, UUID)).toBe(true);
    expect(isAppEmbedEnabledIn(data, 'popstage')).toBe(true);
    expect(isAppEmbedEnabledIn(data, 'app-embed')).toBe(true);
  });

  it('is off when the block is disabled, absent, or from another app', () => {
    expect(isAppEmbedEnabledIn(settingsData({ a: embed({ disabled: true }) }), UUID)).toBe(false);
    expect(isAppEmbedEnabledIn(settingsData({}), UUID)).toBe(false);
    const other = { type: 'shopify://apps/reviews/blocks/stars/ffff', disabled: false };
    expect(isAppEmbedEnabledIn(settingsData({ a: other }), 'popstage')).toBe(false);
  });

  it('matches whole segments only, and only app blocks', () => {
    expect(isAppEmbedEnabledIn(settingsData({ a: embed() }), 'pop')).toBe(false);
    const section = { type: 'popstage', disabled: false };
    expect(isAppEmbedEnabledIn(settingsData({ a: section }), 'popstage')).toBe(false);
  });

  it('reads a preset named by current, and survives junk', () => {
    expect(isAppEmbedEnabledIn(settingsData({ a: embed() }, 'Default'), UUID)).toBe(true);
    expect(isAppEmbedEnabledIn('not json', UUID)).toBe(false);
    expect(isAppEmbedEnabledIn('{"current":{}}', UUID)).toBe(false);
  });
});
