import { describe, expect, it } from 'vitest';
import { chooseSource, defaultSource } from './renditions';

const [l1080, l360, l720, l540] = [
  { url: '1080', width: 1080, height: 1920, bitsPerSecond: 3_400_000 },
  { url: '360', width: 360, height: 640, bitsPerSecond: 650_000 },
  { url: '720', width: 720, height: 1280, bitsPerSecond: 1_900_000 },
  { url: '540', width: 540, height: 960, bitsPerSecond: 1_100_000 },
] as const;
const ladder = [l1080, l360, l720, l540];
const phone = { width: 360, height: 640, pixelRatio: 2 };

describe('chooseSource', () => {
  it('answers null without sources', () => {
    expect(chooseSource([], phone)).toBeNull();
  });

  it('covers the player in device pixels, at most 2x', () => {
    expect(chooseSource(ladder, phone)?.url).toBe('720');
    expect(chooseSource(ladder, { ...phone, pixelRatio: 3 })?.url).toBe('720');
    expect(chooseSource(ladder, { width: 120, height: 200, pixelRatio: 1 })?.url).toBe('360');
    expect(chooseSource(ladder, { width: 540, height: 960, pixelRatio: 2 })?.url).toBe('1080');
  });

  it('steps down to what the downlink carries', () => {
    expect(chooseSource(ladder, phone, { downlink: 1.6 })?.url).toBe('360');
    expect(chooseSource(ladder, phone, { downlink: 2.5 })?.url).toBe('540');
    expect(chooseSource(ladder, phone, { downlink: 10 })?.url).toBe('720');
    expect(chooseSource(ladder, phone, { downlink: 0.3 })?.url).toBe('360');
  });

  it('takes the smallest on save-data and slow connections', () => {
    expect(chooseSource(ladder, phone, { saveData: true })?.url).toBe('360');
    expect(chooseSource(ladder, phone, { effectiveType: '3g', downlink: 10 })?.url).toBe('360');
    expect(chooseSource(ladder, phone, { effectiveType: '4g' })?.url).toBe('720');
  });

  it('plays a single source whatever the player', () => {
    expect(chooseSource([l360], { width: 1280, height: 720, pixelRatio: 1 })?.url).toBe('360');
  });
});

describe('defaultSource', () => {
  it('takes the largest up to 540p, else the smallest', () => {
    expect(defaultSource(ladder)?.url).toBe('540');
    expect(defaultSource([l1080, l720])?.url).toBe('720');
    expect(defaultSource([])).toBeNull();
  });
});
