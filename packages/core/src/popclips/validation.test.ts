import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { clipTitleSchema, taggedProductsSchema, thumbnailFileSchema, videoFileSchema } from './api';
import { MB } from './constants';
import { canTagAnotherProduct } from './validation';

const video = (name: string, size = 10 * MB, type = 'video/mp4') => ({ name, size, type });
const image = (name: string, size = 200_000, type = 'image/png') => ({ name, size, type });
/** The first message of a parse, null when it passes: what the form shows. */
const error = (schema: z.ZodType, value: unknown) =>
  schema.safeParse(value).error?.issues[0]?.message ?? null;
const videoFileError = (file: object) => error(videoFileSchema, file);
const thumbnailFileError = (file: object) => error(thumbnailFileSchema, file);
const clipTitleError = (title: string) => error(clipTitleSchema, title);
const product = (n: number) => ({
  shopifyProductId: `gid://shopify/Product/${n}`,
  shopifyProductHandle: `p-${n}`,
  shopifyProductUrl: `https://demo.myshopify.com/products/p-${n}`,
  defaultImage: null,
});
const taggedProductsError = (count: number) =>
  error(
    taggedProductsSchema,
    Array.from({ length: count }, (_, i) => product(i + 1)),
  );

describe('video file', () => {
  it('accepts .mp4 and .mov up to exactly 100 MB', () => {
    expect(videoFileError(video('a.mp4', 100 * MB))).toBeNull();
    expect(videoFileError(video('A.MOV', 5, 'video/quicktime'))).toBeNull();
    expect(videoFileError(video('a.mov', 5, ''))).toBeNull();
  });

  it('refuses more than 100 MB with the spec text', () => {
    expect(videoFileError(video('a.mp4', 100 * MB + 1))).toBe(
      'Uploaded video size should be less than 100MB',
    );
  });

  it('refuses other types', () => {
    expect(videoFileError(video('a.avi'))).toBe('Please upload an .mp4 or .mov video.');
    expect(videoFileError(video('a.mp4', 5, 'image/png'))).toBe(
      'Please upload an .mp4 or .mov video.',
    );
  });
});

describe('custom thumbnail file', () => {
  it('accepts images under 1 MB', () => {
    expect(thumbnailFileError(image('t.png', MB - 1))).toBeNull();
    expect(thumbnailFileError(image('t.JPG', 10, 'image/jpeg'))).toBeNull();
    expect(thumbnailFileError(image('t.webp', 10, 'image/webp'))).toBeNull();
    expect(thumbnailFileError(image('t.gif', 10, 'image/gif'))).toBeNull();
  });

  it('refuses 1 MB and more with the spec text', () => {
    expect(thumbnailFileError(image('t.png', MB))).toBe(
      'Image size should not be greater than 1MB',
    );
  });

  it('refuses other types', () => {
    expect(thumbnailFileError(image('t.svg', 10, 'image/svg+xml'))).toBe(
      'Please upload a JPEG, PNG, WebP or GIF image.',
    );
  });
});

describe('title and products', () => {
  it('refuses a blank title', () => {
    expect(clipTitleError('  ')).toBe('Clip Title cannot be empty.');
    expect(clipTitleError(' Summer ')).toBeNull();
    expect(clipTitleError('x'.repeat(255))).toBeNull();
    expect(clipTitleError('x'.repeat(256))).toBe(
      'Clip Title cannot be longer than 255 characters.',
    );
  });

  it('needs 1 to 5 products', () => {
    expect(taggedProductsError(0)).toBe(
      'Please select at least one product to create a new popclip.',
    );
    expect(taggedProductsError(5)).toBeNull();
    expect(taggedProductsError(6)).toBe('You can only tag upto 5 products!');
    expect(canTagAnotherProduct(4)).toBe(true);
    expect(canTagAnotherProduct(5)).toBe(false);
  });
});
