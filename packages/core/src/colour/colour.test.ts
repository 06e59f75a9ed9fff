import { describe, expect, it } from 'vitest';
import { hexColour, textOn } from './index';

describe('branding colours', () => {
  it('takes a #rrggbb setting and falls back on anything else', () => {
    expect(hexColour('#12abEF', '#000000')).toBe('#12abEF');
    for (const bad of [null, undefined, '', 'red', '#fff', '#12345g', '12abef', '#12abef0']) {
      expect(hexColour(bad, '#000000')).toBe('#000000');
    }
  });

  it('writes white on dark backgrounds and near-black on light ones', () => {
    expect(textOn('#000000')).toBe('#ffffff');
    expect(textOn('#777777')).toBe('#ffffff');
    expect(textOn('#1f5fff')).toBe('#ffffff');
    expect(textOn('#ffffff')).toBe('#1a1a1a');
    expect(textOn('#ffff00')).toBe('#1a1a1a');
    expect(textOn('#b0b0b0')).toBe('#1a1a1a');
  });
});
