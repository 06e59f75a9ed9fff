import { POPCLIP_TOASTS } from '@popstage/core/popclips';
import { SHARE_LIMIT_MESSAGE, type ShareGatingResponse } from '@popstage/core/sharing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { basicShop } from '../../test/carousel-fixture';
import { popclip } from '../../test/clip-fixture';
import { type FakeRoutes, renderApp } from '../../test/render-app';
import { readyShop } from '../../test/shop-fixture';
import { expectToast, pageTitle } from '../../test/toasts';

const GATING = '/api/shopify/shop/popclips/share-gating';
const URL_1 = 'http://admin.test/s/abc123';
const EMBED_1 = `<iframe src="${URL_1}" width="400" height="700" title="Clip number 1"></iframe>`;
const link = {
  metaIdentifier: 'clip-1',
  code: 'abc123',
  url: URL_1,
  embedCode: EMBED_1,
  createdAt: '2026-02-01T00:00:00.000Z',
};
const gating = (overrides: Partial<ShareGatingResponse> = {}): ShareGatingResponse => ({
  clips_shared: [],
  max_share: -1,
  total_share: 0,
  state: 'can_generate',
  link: null,
  ...overrides,
});

function stubClipboard(write: (text: string) => Promise<void>) {
  const writeText = vi.fn(write);
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
  return writeText;
}

afterEach(() => {
  Object.defineProperty(navigator, 'clipboard', { value: undefined, configurable: true });
});

async function openShare(routes: FakeRoutes, shop = basicShop()) {
  const view = renderApp({
    path: '/popclips/list',
    shop,
    routes: {
      'POST /api/media/listMediabyID': { body: { data: [popclip(1)], lastEvaluatedKey: null } },
      'GET /api/popclips/carousels': { body: { data: [] } },
      ...routes,
    },
  });
  await pageTitle('Popclips: Shoppable Videos');
  await userEvent.click(await screen.findByRole('button', { name: 'Share Clip number 1' }));
  const dialog = await screen.findByRole('dialog', { name: 'Share Popclip' });
  return { view, dialog };
}

describe('share modal', () => {
  it('generates a link when the clip can have one, then copies link and embed code', async () => {
    const { view, dialog } = await openShare({
      [`GET ${GATING}`]: { body: { data: gating() } },
      [`POST ${GATING}`]: {
        status: 201,
        body: { data: gating({ state: 'generated', link, clips_shared: ['clip-1'] }) },
      },
    });
    expect(view.calls('GET', GATING)[0]?.request.url).toContain('metaIdentifier=clip-1');
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Generate link' }));
    expect(await within(dialog).findByRole('textbox', { name: 'Share link' })).toHaveValue(URL_1);
    expect(view.calls('POST', GATING)[0]?.body).toEqual({ metaIdentifier: 'clip-1' });
    expect(within(dialog).getByRole('textbox', { name: 'Embed code' })).toHaveValue(EMBED_1);

    const writeText = stubClipboard(async () => undefined);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Copy link' }));
    expect(writeText).toHaveBeenLastCalledWith(URL_1);
    await within(dialog).findByRole('button', { name: 'Copied' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Copy embed code' }));
    expect(writeText).toHaveBeenLastCalledWith(EMBED_1);
    await expectToast(POPCLIP_TOASTS.embedCodeCopied);
  });

  it('shows an already generated link; a refused clipboard says so', async () => {
    const { dialog } = await openShare({
      [`GET ${GATING}`]: {
        body: { data: gating({ state: 'generated', link, clips_shared: ['clip-1'] }) },
      },
    });
    expect(await within(dialog).findByRole('textbox', { name: 'Share link' })).toHaveValue(URL_1);
    expect(within(dialog).queryByRole('button', { name: 'Generate link' })).toBeNull();
    stubClipboard(async () => {
      throw new Error('denied');
    });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Copy link' }));
    await expectToast(POPCLIP_TOASTS.copyFailed);
  });

  it('shows the limit when the month is used up', async () => {
    const { dialog, view } = await openShare(
      {
        [`GET ${GATING}`]: {
          body: { data: gating({ state: 'limit_reached', max_share: 5, total_share: 5 }) },
        },
      },
      readyShop(),
    );
    expect(await within(dialog).findByText(SHARE_LIMIT_MESSAGE)).toBeVisible();
    expect(within(dialog).queryByRole('button', { name: 'Generate link' })).toBeNull();
    // The way on is a paid plan (issue 20 §20).
    await userEvent.click(within(dialog).getByRole('button', { name: 'Upgrade' }));
    await waitFor(() => expect(view.pathname()).toBe('/manage/plans'));
  });

  it('shows the server limit message when generating is refused', async () => {
    const message =
      "Oops! You've reached the maximum limit of 5 Popclip shares for this month. Upgrade your plan to share more.";
    const { dialog } = await openShare(
      {
        [`GET ${GATING}`]: { body: { data: gating({ max_share: 5, total_share: 4 }) } },
        [`POST ${GATING}`]: {
          status: 403,
          body: {
            error: 'forbidden',
            message,
            reason: 'share_limit',
            max_share: 5,
            total_share: 5,
          },
        },
      },
      readyShop(),
    );
    expect(await within(dialog).findByText('4 of 5 links created this month.')).toBeVisible();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Generate link' }));
    expect(await within(dialog).findByText(message)).toBeVisible();
  });
});
