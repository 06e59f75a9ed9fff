import type { CatalogueProductsResponse } from '@popstage/core/catalogue';
import {
  POPCLIP_VALIDATION_MESSAGES as M,
  POPCLIP_EMPTY_MESSAGES,
  POPCLIP_TOASTS,
  POPCLIP_SERVER_MESSAGES as S,
} from '@popstage/core/popclips';
import type { Shop } from '@popstage/core/shop';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { ADDONS, gatingWire, subscriptionWith } from '../../../test/billing-fixture';
import { pickerProduct, popclip } from '../../../test/clip-fixture';
import { type FakeRoutes, renderApp } from '../../../test/render-app';
import { readyShop } from '../../../test/shop-fixture';
import { expectToast, isDisabled, pageTitle, toastTexts } from '../../../test/toasts';
import { CLIP_PROCESSING_TOAST } from '../form/use-create-clip';
import { PREVIEW_UNPLAYABLE } from '../form/VideoPreviewCard';
import {
  imageFile,
  installFakeXhr,
  stubObjectUrls,
  textFileNamedMp4,
  videoFile,
} from '../testing/fake-xhr';

const PRODUCTS = '/api/catalogue/products';
const basicShop = (overrides: Partial<Shop> = {}) =>
  readyShop({ subscription: subscriptionWith([ADDONS.popclipsBasic]), ...overrides });

/** The picker answers ten products a page, the query echoed into the titles it matches. */
const catalogue: FakeRoutes = {
  [`GET ${PRODUCTS}`]: (request) => {
    const query = new URL(request.url).searchParams.get('query') ?? '';
    const page: CatalogueProductsResponse = {
      data: query === 'nothing' ? [] : Array.from({ length: 10 }, (_, i) => pickerProduct(i + 1)),
      pageInfo: { hasNextPage: false, endCursor: null },
    };
    return { body: page };
  },
};

async function openCreate(shop: Shop = basicShop(), routes: FakeRoutes = {}) {
  const view = renderApp({ path: '/popclips/create', shop, routes: { ...catalogue, ...routes } });
  await pageTitle('Create Popclip');
  await screen.findByRole('button', { name: 'Tag Product 1' });
  return view;
}

const save = () => userEvent.click(screen.getByRole('button', { name: 'Save' }));
const tag = (n: number) =>
  userEvent.click(screen.getByRole('button', { name: `Tag Product ${n}` }));
/** Types a whole value at once (pasting): key-by-key typing of URLs is slow in jsdom. */
async function fill(field: HTMLElement, value: string) {
  await userEvent.click(field);
  await userEvent.paste(value);
}

/** A message on the page itself, not in a toast. */
const queryInlineError = (text: string) =>
  screen.queryAllByText(text).find((element) => !element.closest('.Polaris-Frame-Toast')) ?? null;
const inlineError = (text: string) => {
  const element = queryInlineError(text);
  if (!element) throw new Error(`No inline "${text}"`);
  return element;
};
const videoInput = () => screen.getByLabelText('Video') as HTMLInputElement;

beforeEach(() => {
  stubObjectUrls();
});

describe('Create Popclip: validation', () => {
  it('shows every missing field inline and toasts the first', async () => {
    await openCreate();
    await save();
    await expectToast(M.titleEmpty);
    expect(toastTexts()).toHaveLength(1);
    expect(inlineError(M.titleEmpty)).toBeVisible();
    expect(inlineError(M.videoRequired)).toBeVisible();
    expect(inlineError(M.productRequired)).toBeVisible();
  });

  it('says the video limits next to the upload field, the 3 minutes too', async () => {
    await openCreate();
    expect(screen.getByText('MP4 or MOV, up to 100MB and 3 minutes')).toBeVisible();
  });

  it("says the preview can't play an HEVC file instead of leaving it black", async () => {
    await openCreate();
    await userEvent.upload(videoInput(), videoFile('clip.mov'));
    const preview = await screen.findByLabelText('Video preview');
    expect(screen.queryByText(PREVIEW_UNPLAYABLE)).toBeNull();
    // Chromium decodes no HEVC: the element reports a decode error.
    fireEvent.error(preview);
    expect(await screen.findByText(PREVIEW_UNPLAYABLE)).toBeVisible();
  });

  it('drops the video-frame hint once a custom thumbnail is ticked', async () => {
    await openCreate();
    const hint = 'Otherwise a frame of the video is used.';
    expect(screen.getByText(hint)).toBeVisible();
    await userEvent.click(screen.getByLabelText('Use a custom thumbnail'));
    expect(screen.queryByText(hint)).toBeNull();
    await userEvent.click(screen.getByLabelText('Use a custom thumbnail'));
    expect(screen.getByText(hint)).toBeVisible();
  });

  it('asks for the custom thumbnail once chosen', async () => {
    await openCreate();
    await fill(screen.getByLabelText('Clip Title'), 'Spring look');
    await userEvent.upload(videoInput(), videoFile());
    await tag(1);
    await userEvent.click(screen.getByLabelText('Use a custom thumbnail'));
    await save();
    await expectToast(M.customThumbnailRequired);
    expect(queryInlineError(M.titleEmpty)).toBeNull();
  });

  it('refuses a video over 100MB and a thumbnail of 1MB', async () => {
    await openCreate();
    await userEvent.upload(videoInput(), videoFile('big.mp4', 100 * 1024 * 1024 + 1));
    await expectToast(M.videoTooLarge);
    expect(inlineError(M.videoTooLarge)).toBeVisible();
    expect(screen.queryByText('big.mp4')).toBeNull();

    await userEvent.click(screen.getByLabelText('Use a custom thumbnail'));
    await userEvent.upload(
      screen.getByLabelText('Thumbnail image'),
      imageFile('thumb.png', 1024 * 1024),
    );
    await expectToast(M.thumbnailTooLarge);
    expect(inlineError(M.thumbnailTooLarge)).toBeVisible();
  });

  it('refuses an empty file and a text file named .mp4 before anything is uploaded', async () => {
    const view = await openCreate();
    await userEvent.upload(videoInput(), new File([], 'empty.mp4', { type: 'video/mp4' }));
    await expectToast(S.videoEmpty);
    expect(inlineError(S.videoEmpty)).toBeVisible();
    await userEvent.upload(videoInput(), textFileNamedMp4());
    await expectToast(S.videoNotPlayable);
    expect(inlineError(S.videoNotPlayable)).toBeVisible();
    expect(screen.queryByText('notes.mp4')).toBeNull();
    // Saving now asks for a video: nothing was created, so no congratulations either.
    await fill(screen.getByLabelText('Clip Title'), 'Notes');
    await tag(1);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await expectToast(M.videoRequired);
    expect(view.calls('POST', '/api/media/csUpload')).toHaveLength(0);
    expect(screen.queryByText('Upload Another')).toBeNull();
    // A real MP4 is taken.
    await userEvent.upload(videoInput(), videoFile('clip.mp4'));
    await screen.findByText('clip.mp4');
    expect(queryInlineError(S.videoNotPlayable)).toBeNull();
  });

  it('tags up to 5 products and refuses the sixth', async () => {
    await openCreate();
    for (const n of [1, 2, 3, 4, 5]) await tag(n);
    const tagged = screen.getByRole('list', { name: 'Tagged products' });
    expect(within(tagged).getAllByRole('listitem')).toHaveLength(5);
    await tag(6);
    await expectToast(M.tooManyProducts);
    expect(inlineError(M.tooManyProducts)).toBeVisible();
    expect(within(tagged).getAllByRole('listitem')).toHaveLength(5);

    await userEvent.click(screen.getByRole('button', { name: 'Remove Product 2' }));
    expect(within(tagged).getAllByRole('listitem')).toHaveLength(4);
    expect(queryInlineError(M.tooManyProducts)).toBeNull();
  });

  it('searches products 1.5 s after typing stops and says when nothing matches', async () => {
    const view = await openCreate();
    await userEvent.type(screen.getByLabelText('Search products'), 'nothing');
    await screen.findByText(POPCLIP_EMPTY_MESSAGES.noResults);
    const queries = view
      .calls('GET', PRODUCTS)
      .map((call) => new URL(call.request.url).searchParams.get('query'));
    // One call for the empty field, one once typing stopped: none per keystroke.
    expect(queries).toEqual(['', 'nothing']);
  });
});

describe('Create Popclip: import', () => {
  it('offers the upgrade below the basic level', async () => {
    const view = await openCreate(readyShop());
    await userEvent.click(screen.getByRole('button', { name: 'Instagram' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Import from Instagram')).toBeVisible();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Upgrade for $29.99/month' }));
    await waitFor(() => expect(view.pathname()).toBe('/manage/plans'));
  });

  it('checks the URL and enables Import only for a valid one', async () => {
    await openCreate();
    await userEvent.click(screen.getByRole('button', { name: 'Instagram' }));
    const url = screen.getByLabelText('Instagram reel URL');
    await fill(url, 'https://example.com/p/1');
    expect(
      screen.getByText('The link must start with https://www.instagram.com/reel/'),
    ).toBeVisible();
    expect(isDisabled(screen.getByRole('button', { name: 'Import' }))).toBe(true);
    await userEvent.clear(url);
    expect(screen.getByText(M.sourceUrlRequired)).toBeVisible();

    await userEvent.click(screen.getByRole('button', { name: 'TikTok' }));
    const tiktok = screen.getByLabelText('TikTok video URL');
    await fill(tiktok, 'https://www.tiktok.com/@shop/photo/1');
    expect(screen.getByText(M.invalidTikTokUrl)).toBeVisible();
    await userEvent.clear(tiktok);
    await fill(tiktok, 'https://www.tiktok.com/@shop/video/123?lang=en');
    expect(isDisabled(screen.getByRole('button', { name: 'Import' }))).toBe(false);
  });

  it('imports with title and products, then returns to the list', async () => {
    const view = await openCreate(basicShop(), {
      'POST /api/media/csImport': {
        status: 201,
        body: { clip: popclip(9, { status: 'processing' }) },
      },
      'POST /api/media/listMediabyID': { body: { data: [], lastEvaluatedKey: null } },
    });
    await fill(screen.getByLabelText('Clip Title'), 'From TikTok');
    await tag(2);
    await userEvent.click(screen.getByRole('button', { name: 'TikTok' }));
    await fill(screen.getByLabelText('TikTok video URL'), 'https://www.tiktok.com/t/abc123');
    await userEvent.click(screen.getByRole('button', { name: 'Import' }));
    await expectToast(CLIP_PROCESSING_TOAST);
    await waitFor(() => expect(view.pathname()).toBe('/popclips/list'));
    expect(view.calls('POST', '/api/media/csImport')[0]?.body).toEqual({
      sourceType: 'tiktok',
      url: 'https://www.tiktok.com/t/abc123',
      title: 'From TikTok',
      products: [
        {
          shopifyProductId: 'gid://shopify/Product/2',
          shopifyProductHandle: 'product-2',
          shopifyProductUrl: 'https://demo-store.example/products/product-2',
          defaultImage: 'http://admin.test/sandbox/images/product-2.svg',
        },
      ],
      featured: false,
      display: ['WEB_PDP', 'MOBILE_PDP', 'MOBILE_WEB_PDP'],
    });
  });

  it('toasts the import failure texts', async () => {
    await openCreate(basicShop(), {
      'POST /api/media/csImport': { status: 502, body: { error: 'bad_gateway', message: 'x' } },
    });
    await fill(screen.getByLabelText('Clip Title'), 'Reel');
    await tag(1);
    await userEvent.click(screen.getByRole('button', { name: 'Instagram' }));
    await fill(screen.getByLabelText('Instagram reel URL'), 'https://www.instagram.com/reel/abc');
    await userEvent.click(screen.getByRole('button', { name: 'Import' }));
    await expectToast(POPCLIP_TOASTS.importFailed);
  });
});

describe('Create Popclip: upload', () => {
  const firstClipShop = () =>
    basicShop({ firstPopclipCreated: false, skippedFirstPopclipsCreation: true });

  function uploadRoutes(log: string[]): FakeRoutes {
    return {
      'POST /api/media/csUpload': () => {
        log.push('csUpload');
        return {
          status: 201,
          body: {
            uploadFileUrl: 'http://admin.test/media/upload/video?sig=1',
            uploadCustomThumbnailUrl: 'http://admin.test/media/upload/thumb?sig=2',
            clip: popclip(7, { status: 'uploading' }),
          },
        };
      },
      'POST /api/media/csUploadComplete': () => {
        log.push('csUploadComplete');
        return { body: { clip: popclip(7, { status: 'processing' }) } };
      },
      'POST /api/media/csDeleteMedia': () => {
        log.push('csDeleteMedia');
        return { body: { success: true } };
      },
    };
  }

  async function fillForm() {
    await fill(screen.getByLabelText('Clip Title'), '  Spring look ');
    await userEvent.upload(videoInput(), videoFile('My clip!.mp4', 2048));
    await tag(1);
    await userEvent.click(screen.getByLabelText('Use a custom thumbnail'));
    await userEvent.upload(screen.getByLabelText('Thumbnail image'), imageFile('thumb.png', 512));
  }

  it('uploads in order (csUpload, PUT video, PUT thumbnail, complete) and congratulates', async () => {
    const log: string[] = [];
    const puts = installFakeXhr(log);
    const view = await openCreate(firstClipShop(), uploadRoutes(log));
    await fillForm();
    await save();
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Congratulations!')).toBeVisible();
    expect(log).toEqual([
      'csUpload',
      'PUT http://admin.test/media/upload/video?sig=1',
      'PUT http://admin.test/media/upload/thumb?sig=2',
      'csUploadComplete',
    ]);
    expect(puts.map((put) => put.contentType)).toEqual(['video/mp4', 'image/png']);
    expect(view.calls('POST', '/api/media/csUpload')[0]?.body).toEqual({
      fileName: 'Myclip.mp4',
      fileMeta: { type: 'video/mp4', size: 2048 },
      customThumbnailImage: { type: 'image/png', size: 512 },
      metaData: {
        videoTitle: 'Spring look',
        products: [expect.objectContaining({ shopifyProductId: 'gid://shopify/Product/1' })],
        featured: false,
        display: ['WEB_PDP', 'MOBILE_PDP', 'MOBILE_WEB_PDP'],
        clipSourceType: 'device',
      },
    });
    expect(view.calls('POST', '/api/media/csUploadComplete')[0]?.body).toEqual({
      metaIdentifier: 'clip-7',
    });
    // The shop is read again: firstPopclipCreated changed.
    expect(view.calls('GET', '/api/shopify/shop').length).toBeGreaterThan(1);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Upload Another' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByLabelText('Clip Title')).toHaveValue('');
    expect(view.pathname()).toBe('/popclips/create');
  });

  it('goes to the list from the congratulations modal', async () => {
    installFakeXhr();
    const view = await openCreate(firstClipShop(), {
      ...uploadRoutes([]),
      'POST /api/media/listMediabyID': { body: { data: [], lastEvaluatedKey: null } },
    });
    await fillForm();
    await save();
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Go to Popclips List' }));
    await waitFor(() => expect(view.pathname()).toBe('/popclips/list'));
  });

  const placementRoutes: FakeRoutes = {
    'GET /api/shopify/shop/demo-store.myshopify.com': {
      body: { data: { shopifyDomain: 'demo-store.myshopify.com', shopName: 'Demo' } },
    },
    'POST /api/shopify/shop-info': (_r, body) => ({ body: { success: true, data: body } }),
    'POST /api/media/listMediabyID': { body: { data: [], lastEvaluatedKey: null } },
  };
  const choosePlacement = async () => {
    await userEvent.click(screen.getByLabelText('Feature this Popclip'));
    const dialog = await screen.findByRole('dialog', { name: 'Featured Popclip placement' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  };

  it('keeps the featured placement of a create that was abandoned unsaved', async () => {
    const view = await openCreate(basicShop(), { ...uploadRoutes([]), ...placementRoutes });
    await choosePlacement();
    expect(view.calls('POST', '/api/shopify/shop-info')).toEqual([]);
    // The merchant leaves without saving the clip.
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(view.pathname()).toBe('/popclips/list'));
    expect(view.calls('POST', '/api/shopify/shop-info')).toEqual([]);
  });

  it('saves the featured placement once the clip is created', async () => {
    installFakeXhr();
    const view = await openCreate(basicShop(), { ...uploadRoutes([]), ...placementRoutes });
    await fillForm();
    await choosePlacement();
    expect(view.calls('POST', '/api/shopify/shop-info')).toEqual([]);
    await save();
    await expectToast(POPCLIP_TOASTS.featuredPlacementSaved);
    expect(view.calls('POST', '/api/shopify/shop-info')).toHaveLength(2);
    expect(view.calls('POST', '/api/media/csUpload')[0]?.body).toMatchObject({
      metaData: { featured: true },
    });
  });

  it('toasts a failed PUT and removes the half-made clip', async () => {
    const log: string[] = [];
    installFakeXhr(log, () => 403);
    await openCreate(basicShop(), uploadRoutes(log));
    await fillForm();
    await save();
    await expectToast(POPCLIP_TOASTS.uploadFailed);
    await waitFor(() => expect(log.at(-1)).toBe('csDeleteMedia'));
    expect(log).not.toContain('csUploadComplete');
    expect(screen.getByLabelText('Clip Title')).toHaveValue('  Spring look ');
  });

  it('sends a blocked shop back to the list with the view-limit modal', async () => {
    const view = renderApp({
      path: '/popclips/create',
      shop: basicShop(),
      routes: {
        'GET /api/shopify/shop/popclips/gating': {
          body: { data: gatingWire({ limit_access: true, max_views: '15,000' }) },
        },
        'POST /api/media/listMediabyID': { body: { data: [], lastEvaluatedKey: null } },
      },
    });
    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByText(
        "You've reached your current plan's view limits of 15,000. In order to create new Popclips please upgrade.",
      ),
    ).toBeVisible();
    expect(view.pathname()).toBe('/popclips/list');
  });
});
