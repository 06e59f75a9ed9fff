import { CAPTION_MESSAGES } from '@popstage/core/captions';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ADDONS, subscriptionWith } from '../../../test/billing-fixture';
import { popclip } from '../../../test/clip-fixture';
import { renderApp } from '../../../test/render-app';
import { readyShop } from '../../../test/shop-fixture';
import { pageTitle } from '../../../test/toasts';

const VTT = 'WEBVTT\n\n00:00.000 --> 00:01.000\nHello\n';
const shop = readyShop({ subscription: subscriptionWith([ADDONS.popclipsBasic]) });

function open(puts: { path: string; body: unknown }[], answer = 200) {
  let captions: { language: string; label: string; url: string }[] = [];
  renderApp({
    path: '/popclips/edit/clip-1',
    shop,
    routes: {
      'POST /api/media/listMediabyTypeAndMetaId': { body: { data: [popclip(1)] } },
      'POST /api/media/listMediabyID': { body: { data: [], lastEvaluatedKey: null } },
      'GET /api/popclips/clip-1/captions': () => ({ body: { data: captions } }),
      'PUT /api/popclips/clip-1/captions/*': (request, body) => {
        const path = new URL(request.url).pathname;
        puts.push({ path, body });
        if (answer !== 200) {
          return {
            status: answer,
            body: { error: 'Bad Request', message: CAPTION_MESSAGES.noCues },
          };
        }
        const caption = { language: path.split('/').pop() ?? '', label: 'English', url: 'x.vtt' };
        captions = [caption];
        return { body: { data: caption } };
      },
    },
  });
}

const vttFile = (text = VTT) => new File([text], 'captions.vtt', { type: 'text/vtt' });

describe('captions card (issue 19)', () => {
  it('uploads a WebVTT file for a language and lists it', async () => {
    const puts: { path: string; body: unknown }[] = [];
    open(puts);
    await pageTitle('Edit Popclip');
    const card = await screen.findByRole('region', { name: 'Captions' });
    const input = card.querySelector<HTMLInputElement>('input[type="file"]');
    if (!input) throw new Error('no file input');
    await userEvent.upload(input, vttFile());
    await userEvent.click(within(card).getByRole('button', { name: 'Save captions' }));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]).toEqual({
      path: '/api/popclips/clip-1/captions/en',
      body: { label: 'English', vtt: VTT },
    });
    await within(card).findByText('English (en)');
  });

  it("shows the server's reason when the file is refused", async () => {
    const puts: { path: string; body: unknown }[] = [];
    open(puts, 400);
    await pageTitle('Edit Popclip');
    const card = await screen.findByRole('region', { name: 'Captions' });
    const input = card.querySelector<HTMLInputElement>('input[type="file"]');
    if (!input) throw new Error('no file input');
    await userEvent.upload(input, vttFile('WEBVTT\n\nno cues\n'));
    await userEvent.click(within(card).getByRole('button', { name: 'Save captions' }));
    await within(card).findByText(CAPTION_MESSAGES.noCues);
  });

  it('refuses a language that is not a BCP 47 tag before sending anything', async () => {
    const puts: { path: string; body: unknown }[] = [];
    open(puts);
    await pageTitle('Edit Popclip');
    const card = await screen.findByRole('region', { name: 'Captions' });
    const language = within(card).getByRole('textbox', { name: 'Language' });
    await userEvent.clear(language);
    await userEvent.type(language, 'English');
    const input = card.querySelector<HTMLInputElement>('input[type="file"]');
    if (!input) throw new Error('no file input');
    await userEvent.upload(input, vttFile());
    await userEvent.click(within(card).getByRole('button', { name: 'Save captions' }));
    await within(card).findByText(CAPTION_MESSAGES.language);
    expect(puts).toEqual([]);
  });
});
