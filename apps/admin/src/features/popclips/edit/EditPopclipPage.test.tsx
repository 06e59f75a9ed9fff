import { POPCLIP_TOASTS, type Popclip } from '@popstage/core/popclips';
import type { Shop } from '@popstage/core/shop';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { ADDONS, subscriptionWith } from '../../../test/billing-fixture';
import { pickerProduct, popclip } from '../../../test/clip-fixture';
import { type FakeRoutes, renderApp } from '../../../test/render-app';
import { readyShop } from '../../../test/shop-fixture';
import { expectToast, pageTitle } from '../../../test/toasts';
import { CLIP_PROCESSING_TOAST } from '../form/use-create-clip';
import { CLIP_SAVED_TOAST } from '../form/use-save-clip';
import { imageFile, installFakeXhr, stubObjectUrls, videoFile } from '../testing/fake-xhr';

const LOAD = '/api/media/listMediabyTypeAndMetaId';
const UPDATE = '/api/media/csUpdateMedia';
const basicShop = (overrides: Partial<Shop> = {}) =>
  readyShop({ subscription: subscriptionWith([ADDONS.popclipsBasic]), ...overrides });

function routes(clip: Popclip | null, log: string[] = []): FakeRoutes {
  return {
    [`POST ${LOAD}`]: () =>
      clip
        ? { body: { data: [clip] } }
        : { status: 404, body: { error: 'not_found', message: 'Clip not found.' } },
    [`POST ${UPDATE}`]: (_request, body) => {
      log.push('csUpdateMedia');
      const update = body as { updateMedia: boolean };
      return {
        body: {
          item: clip,
          uploadCustomThumbnailUrl: update.updateMedia
            ? 'http://admin.test/upload/thumb?s=1'
            : null,
        },
      };
    },
    'POST /api/media/csReupload': () => {
      log.push('csReupload');
      return { body: { uploadFileUrl: 'http://admin.test/upload/video?s=2', clip } };
    },
    'POST /api/media/csUploadComplete': () => {
      log.push('csUploadComplete');
      return { body: { clip } };
    },
    'POST /api/media/listMediabyID': { body: { data: [], lastEvaluatedKey: null } },
    'GET /api/catalogue/products': {
      body: { data: [pickerProduct(2)], pageInfo: { hasNextPage: false, endCursor: null } },
    },
  };
}

async function openEdit(clip: Popclip | null, shop: Shop = basicShop(), log: string[] = []) {
  const view = renderApp({ path: '/popclips/edit/clip-1', shop, routes: routes(clip, log) });
  await pageTitle('Edit Popclip');
  return view;
}

const featuredBox = () => screen.getByRole('checkbox', { name: /Feature this Popclip/ });
const save = () => userEvent.click(screen.getByRole('button', { name: 'Save' }));

beforeEach(() => {
  stubObjectUrls();
});

describe('Edit Popclip', () => {
  it('loads the clip into the form', async () => {
    const view = await openEdit(popclip(1, { metaData: { display: [] } }));
    expect(await screen.findByLabelText('Clip Title')).toHaveValue('Clip number 1');
    const tagged = screen.getByRole('list', { name: 'Tagged products' });
    expect(within(tagged).getByText('Linen Shirt')).toBeVisible();
    expect(screen.getByRole('checkbox', { name: /Exclude from product pages/ })).toBeChecked();
    expect(screen.getByLabelText('Video preview')).toHaveAttribute(
      'src',
      'http://admin.test/media/clip-1.mp4',
    );
    expect(view.calls('POST', LOAD)[0]?.body).toEqual({
      fileCategory: 'shopifyClips',
      metaIds: ['clip-1'],
      sellerId: 'demo-store.myshopify.com',
    });
  });

  it("toasts 'Clip not found.' and returns to the list", async () => {
    const view = renderApp({
      path: '/popclips/edit/clip-1',
      shop: basicShop(),
      routes: routes(null),
    });
    await expectToast(POPCLIP_TOASTS.clipNotFound);
    await waitFor(() => expect(view.pathname()).toBe('/popclips/list'));
  });

  it('saves title, products and display, then returns to the list', async () => {
    const view = await openEdit(popclip(1));
    const title = await screen.findByLabelText('Clip Title');
    await userEvent.clear(title);
    await save();
    await expectToast('Clip Title cannot be empty.');
    await userEvent.type(title, 'New name');
    await userEvent.click(await screen.findByRole('button', { name: 'Tag Product 2' }));
    await userEvent.click(screen.getByRole('checkbox', { name: /Exclude from product pages/ }));
    await save();
    await expectToast(CLIP_SAVED_TOAST);
    await waitFor(() => expect(view.pathname()).toBe('/popclips/list'));
    expect(view.calls('POST', UPDATE)[0]?.body).toEqual({
      id: 'demo-store.myshopify.com',
      metaIdentifier: 'clip-1',
      metaData: {
        videoTitle: 'New name',
        products: [
          {
            shopifyProductId: 'gid://shopify/Product/1',
            shopifyProductHandle: 'linen-shirt',
            shopifyProductUrl: 'https://demo-store.example/products/linen-shirt',
            defaultImage: 'http://admin.test/sandbox/images/linen-shirt.svg',
          },
          expect.objectContaining({ shopifyProductId: 'gid://shopify/Product/2' }),
        ],
        featured: false,
        display: [],
      },
      updateMedia: false,
      customThumbnailImage: null,
    });
  });

  it('replaces the thumbnail: csUpdateMedia, PUT, csUploadComplete', async () => {
    const log: string[] = [];
    const puts = installFakeXhr(log);
    const clip = popclip(1, {
      metaData: { customThumbnailImageURL: 'http://admin.test/media/custom.png' },
    });
    await openEdit(clip, basicShop(), log);
    await screen.findByAltText('Custom thumbnail');
    await userEvent.upload(screen.getByLabelText('Thumbnail image'), imageFile('new.jpg', 300, ''));
    await save();
    await expectToast(CLIP_SAVED_TOAST);
    expect(log).toEqual([
      'csUpdateMedia',
      'PUT http://admin.test/upload/thumb?s=1',
      'csUploadComplete',
    ]);
    expect(puts[0]?.contentType).toBe('image/jpeg');
  });

  it('asks before overriding another featured clip; Cancel unmarks', async () => {
    const view = await openEdit(popclip(1), basicShop({ featuredPopclipId: 'clip-2' }));
    await userEvent.click(await screen.findByRole('checkbox', { name: /Feature this Popclip/ }));
    let dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(featuredBox()).not.toBeChecked();

    await userEvent.click(featuredBox());
    dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Replace' }));
    expect(featuredBox()).toBeChecked();
    // Then the featured clip's placement (spec 02 §2); Cancel keeps the stored placement.
    dialog = await screen.findByRole('dialog', { name: 'Featured Popclip placement' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const shopLoads = view.calls('GET', '/api/shopify/shop').length;
    await save();
    await expectToast(CLIP_SAVED_TOAST);
    expect(view.calls('POST', UPDATE)[0]?.body).toMatchObject({ metaData: { featured: true } });
    // The shop's featured clip changed: read again.
    expect(view.calls('GET', '/api/shopify/shop').length).toBeGreaterThan(shopLoads);
  });

  it('saves through the save bar, shown only while something changed; Discard restores', async () => {
    const view = await openEdit(popclip(1));
    const title = await screen.findByLabelText('Clip Title');
    expect(screen.queryByText('Unsaved changes')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    // The back arrow leads to the list (Shopify's resource page convention).
    expect(screen.getByRole('button', { name: 'Back' })).toBeVisible();
    await userEvent.clear(title);
    await userEvent.type(title, 'Renamed');
    await screen.findByText('Unsaved changes');
    await userEvent.click(screen.getByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(screen.queryByText('Unsaved changes')).toBeNull());
    expect(title).toHaveValue('Clip number 1');
    expect(view.calls('POST', UPDATE)).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(view.pathname()).toBe('/popclips/list'));
  });

  it('a failed clip takes a new video: csUpdateMedia, csReupload, PUT, csUploadComplete', async () => {
    const log: string[] = [];
    const puts = installFakeXhr(log);
    const clip = popclip(1, { status: 'failed', failureReason: 'The video could not be read.' });
    const view = await openEdit(clip, basicShop(), log);
    await screen.findByText('The video could not be read.');
    await userEvent.upload(screen.getByLabelText('Video'), videoFile('again.mp4', 4096));
    await screen.findByText('again.mp4');
    await save();
    await expectToast(CLIP_PROCESSING_TOAST);
    expect(log).toEqual([
      'csUpdateMedia',
      'csReupload',
      'PUT http://admin.test/upload/video?s=2',
      'csUploadComplete',
    ]);
    expect(puts[0]?.contentType).toBe('video/mp4');
    expect(view.calls('POST', '/api/media/csReupload')[0]?.body).toEqual({
      metaIdentifier: 'clip-1',
      fileName: 'again.mp4',
      fileMeta: { type: 'video/mp4', size: 4096 },
    });
    await waitFor(() => expect(view.pathname()).toBe('/popclips/list'));
  });

  it('a processed clip offers no new video', async () => {
    await openEdit(popclip(1));
    await screen.findByLabelText('Clip Title');
    expect(screen.queryByLabelText('Video')).toBeNull();
  });

  it('unchecking the featured clip saves it unfeatured without asking', async () => {
    const clip = popclip(1, { metaData: { featured: true } });
    const view = await openEdit(clip, basicShop({ featuredPopclipId: 'clip-1' }));
    await userEvent.click(await screen.findByRole('checkbox', { name: /Feature this Popclip/ }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await save();
    await expectToast(CLIP_SAVED_TOAST);
    expect(view.calls('POST', UPDATE)[0]?.body).toMatchObject({ metaData: { featured: false } });
  });
});
