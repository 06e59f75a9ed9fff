import { describe, expect, it } from 'vitest';
import { popclip } from '../../../test/clip-fixture';
import { imageFile, videoFile } from '../testing/fake-xhr';
import { importBody, updateBody, uploadBody } from './clip-bodies';
import { type ClipFormValues, emptyClipForm } from './clip-form-values';

const ORIGIN = 'https://demo-store.example';
const product = {
  id: 'gid://shopify/Product/1',
  title: 'P',
  handle: 'p',
  imageUrl: null,
  url: null,
};
const valid = (): ClipFormValues => ({
  ...emptyClipForm(),
  title: 'Summer',
  video: videoFile(),
  products: [product],
});

describe('clip form', () => {
  it('passes a complete form', () => {
    const checked = uploadBody(valid(), ORIGIN);
    expect(checked.issues).toEqual([]);
    expect(checked.body).toMatchObject({
      fileName: 'Myclip.mp4',
      metaData: { videoTitle: 'Summer' },
    });
  });

  it('lists every problem in the spec order', () => {
    const checked = uploadBody({ ...emptyClipForm(), customThumbnail: true }, ORIGIN);
    expect(checked.body).toBeNull();
    expect(checked.issues).toEqual([
      { field: 'title', message: 'Clip Title cannot be empty.' },
      { field: 'video', message: 'Please add a video to create a new popclip.' },
      {
        field: 'products',
        message: 'Please select at least one product to create a new popclip.',
      },
      {
        field: 'thumbnail',
        message: 'Please select a custom thumbnail image to create a new popclip.',
      },
    ]);
  });

  it('needs the custom thumbnail only once chosen', () => {
    const chosen = { ...valid(), customThumbnail: true, thumbnail: imageFile() };
    expect(uploadBody(chosen, ORIGIN).issues).toEqual([]);
  });

  it('counts a stored thumbnail when editing, and asks for one where there is none', () => {
    const values = { ...valid(), video: null, customThumbnail: true };
    const stored = popclip(1, { metaData: { customThumbnailImageURL: 'http://x.test/t.png' } });
    expect(updateBody(stored, values, ORIGIN).body).toMatchObject({ updateMedia: false });
    expect(updateBody(popclip(1), values, ORIGIN).issues).toEqual([
      {
        field: 'thumbnail',
        message: 'Please select a custom thumbnail image to create a new popclip.',
      },
    ]);
  });

  it('asks an import for its title and products', () => {
    const values = { ...emptyClipForm(), sourceUrl: 'https://www.tiktok.com/t/abc123' };
    expect(importBody(values, 'tiktok', ORIGIN).issues.map((issue) => issue.field)).toEqual([
      'title',
      'products',
    ]);
  });
});
