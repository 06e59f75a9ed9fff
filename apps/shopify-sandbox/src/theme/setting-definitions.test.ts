import { describe, expect, it } from 'vitest';
import {
  parseSettingValue,
  type SettingDefinition,
  settingsWithDefaults,
} from './setting-definitions';

const bad = (setting: SettingDefinition, input: string) => () => parseSettingValue(setting, input);

describe('parseSettingValue', () => {
  it("checks each value against its setting's type", () => {
    expect(parseSettingValue({ type: 'text', id: 't' }, ' a ')).toBe(' a ');
    expect(parseSettingValue({ type: 'checkbox', id: 'c' }, 'false')).toBe(false);
    expect(bad({ type: 'checkbox', id: 'c' }, 'on')).toThrow('c: expected true or false');
    expect(parseSettingValue({ type: 'number', id: 'n' }, '')).toBeNull();
    expect(bad({ type: 'number', id: 'n' }, '1e999')).toThrow('n: expected a number');
    const range = { type: 'range', id: 'r', min: 0, max: 1, step: 0.1 };
    expect(parseSettingValue(range, '0.3')).toBe(0.3);
    expect(bad(range, '0.35')).toThrow('r: expected a step of 0.1');
    expect(bad(range, '2')).toThrow('r: expected a number from 0 to 1');
    const select = { type: 'select', id: 's', options: [{ value: 'a', label: 'A' }] };
    expect(parseSettingValue(select, 'a')).toBe('a');
    expect(bad(select, 'b')).toThrow('s: expected one of a');
    expect(bad({ type: 'color', id: 'k' }, 'red')).toThrow(/hex colour/);
    expect(parseSettingValue({ type: 'url', id: 'u' }, '/collections/all')).toBe(
      '/collections/all',
    );
    expect(bad({ type: 'url', id: 'u' }, 'javascript:alert(1)')).toThrow(/URL/);
    expect(bad({ type: 'product', id: 'p' }, 'x')).toThrow(/cannot be edited/);
  });
});

describe('settingsWithDefaults', () => {
  it('gives every setting with an id its stored value, else its default, else nil', () => {
    const settings: SettingDefinition[] = [
      { type: 'paragraph', content: 'help' },
      { type: 'text', id: 'a', default: 'x' },
      { type: 'text', id: 'b', default: 'y' },
      { type: 'text', id: 'c' },
    ];
    expect(settingsWithDefaults(settings, { b: 'z', gone: 1 })).toEqual({
      a: 'x',
      b: 'z',
      c: null,
    });
  });
});
