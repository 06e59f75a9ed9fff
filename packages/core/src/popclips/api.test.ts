import { describe, expect, it } from 'vitest';
import {
  csDeleteMediaSchema,
  csImportSchema,
  csUpdateMediaSchema,
  csUploadCompleteSchema,
  csUploadSchema,
  listMediaByIdSchema,
  listMediaByTypeAndMetaIdSchema,
} from './api';
import { MB } from './constants';

const product = (n: number) => ({
  shopifyProductId: `gid://shopify/Product/${n}`,
  shopifyProductHandle: `p-${n}`,
  shopifyProductUrl: `https://demo.myshopify.com/products/p-${n}`,
  defaultImage: null,
});

const upload = {
  fileName: 'summer.mp4',
  fileMeta: { type: 'video/mp4', size: 5 * MB },
  customThumbnailImage: { type: 'image/jpeg', size: 200_000 },
  metaData: { videoTitle: ' Summer ', products: [product(1)] },
};

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe('csUpload body', () => {
  it('parses a device upload with defaults', () => {
    const body = csUploadSchema.parse(upload);
    expect(body.metaData).toMatchObject({
      videoTitle: 'Summer',
      featured: false,
      display: ['WEB_PDP', 'MOBILE_PDP', 'MOBILE_WEB_PDP'],
      clipSourceType: 'device',
    });
  });

  it('answers the spec messages', () => {
    const check = (patch: object) =>
      firstMessage(csUploadSchema.safeParse({ ...upload, ...patch }));
    expect(check({ metaData: { ...upload.metaData, videoTitle: '  ' } })).toBe(
      'Clip Title cannot be empty.',
    );
    expect(check({ metaData: { ...upload.metaData, products: [] } })).toBe(
      'Please select at least one product to create a new popclip.',
    );
    expect(
      check({ metaData: { ...upload.metaData, products: [1, 2, 3, 4, 5, 6].map(product) } }),
    ).toBe('You can only tag upto 5 products!');
    expect(check({ fileMeta: { type: 'video/mp4', size: 100 * MB + 1 } })).toBe(
      'Uploaded video size should be less than 100MB',
    );
    expect(check({ customThumbnailImage: { type: 'image/png', size: MB } })).toBe(
      'Image size should not be greater than 1MB',
    );
    expect(check({ fileMeta: null })).toBe('Please add a video to create a new popclip.');
  });

  it('checks imports by their source URL and video URL', () => {
    const imported = (clipSourceUrl: string, videoURL?: string) =>
      csUploadSchema.safeParse({
        metaData: { ...upload.metaData, clipSourceType: 'tiktok', clipSourceUrl, videoURL },
      });
    expect(imported('https://www.tiktok.com/t/abc', 'https://cdn.example.com/v.mp4').success).toBe(
      true,
    );
    expect(firstMessage(imported('https://example.com/x', 'https://cdn.example.com/v.mp4'))).toBe(
      'This is not a valid TikTok reel URL',
    );
    expect(firstMessage(imported('https://www.tiktok.com/t/abc'))).toBe(
      'Please add a video to create a new popclip.',
    );
  });
});

describe('other media gallery bodies', () => {
  it('listMediabyID defaults the loader page and category', () => {
    expect(listMediaByIdSchema.parse({ id: 'seller-1' })).toEqual({
      id: 'seller-1',
      pageSize: 12,
      fileCategory: 'shopifyClips',
    });
    expect(listMediaByIdSchema.safeParse({ id: 's', pageSize: 0 }).success).toBe(false);
    expect(listMediaByIdSchema.safeParse({ id: 's', fileCategory: 'other' }).success).toBe(false);
    expect(listMediaByIdSchema.parse({ id: 's', lastEvaluatedKey: 'k' }).lastEvaluatedKey).toBe(
      'k',
    );
  });

  it('listMediabyTypeAndMetaId needs ids', () => {
    const body = { fileCategory: 'shopifyClips', metaIds: ['m1'], sellerId: 's' };
    expect(listMediaByTypeAndMetaIdSchema.safeParse(body).success).toBe(true);
    expect(listMediaByTypeAndMetaIdSchema.safeParse({ ...body, metaIds: [] }).success).toBe(false);
  });

  it('csUpdateMedia needs a thumbnail when it replaces media', () => {
    const body = {
      id: 'c1',
      metaIdentifier: 'm1',
      metaData: { videoTitle: 'T', products: [product(1)], featured: true, display: [] },
    };
    expect(csUpdateMediaSchema.parse(body).updateMedia).toBe(false);
    expect(firstMessage(csUpdateMediaSchema.safeParse({ ...body, updateMedia: true }))).toBe(
      'Please select a custom thumbnail image to create a new popclip.',
    );
    expect(
      csUpdateMediaSchema.safeParse({
        ...body,
        metaData: { ...body.metaData, display: ['NOWHERE'] },
      }).success,
    ).toBe(false);
  });

  it('csDeleteMedia and csUploadComplete take identifiers', () => {
    expect(csDeleteMediaSchema.safeParse({ id: 'c1', metaIdentifier: 'm1' }).success).toBe(true);
    expect(csDeleteMediaSchema.safeParse({ id: '', metaIdentifier: 'm1' }).success).toBe(false);
    expect(csUploadCompleteSchema.safeParse({ metaIdentifier: 'm1' }).success).toBe(true);
  });
});

describe('where body errors point', () => {
  const paths = (result: { error?: { issues: { path: PropertyKey[] }[] } }) =>
    result.error?.issues.map((issue) => issue.path.join('.'));

  it('names the field of each upload problem, so the form marks it', () => {
    const imported = (clipSourceUrl: string, videoURL?: string) =>
      csUploadSchema.safeParse({
        metaData: { ...upload.metaData, clipSourceType: 'tiktok', clipSourceUrl, videoURL },
      });
    expect(paths(imported('https://example.com/x'))).toEqual([
      'metaData.clipSourceUrl',
      'metaData.videoURL',
    ]);
    expect(paths(csUploadSchema.safeParse({ ...upload, fileName: undefined }))).toEqual([
      'fileMeta',
    ]);
  });

  it('asks for a thumbnail only when the media is to be updated, at its field', () => {
    const result = csUpdateMediaSchema.safeParse({
      id: 'seller-1',
      metaIdentifier: 'clip-1',
      metaData: { videoTitle: 'T', products: [product(1)], featured: true, display: [] },
      updateMedia: true,
    });
    expect(paths(result)).toEqual(['customThumbnailImage']);
  });

  it('checks an import by its own source URL, at its url field', () => {
    const imported = (url: string) => csImportSchema.safeParse({ sourceType: 'instagram', url });
    expect(imported('https://www.instagram.com/reel/abc/').success).toBe(true);
    expect(paths(imported('https://example.com/reel/abc/'))).toEqual(['url']);
    expect(firstMessage(imported('https://example.com/reel/abc/'))).toBe(
      'The link must start with https://www.instagram.com/reel/',
    );
  });
});
