import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { failure } from '../../../test/account-fixture';
import { type FakeRoutes, renderApp } from '../../../test/render-app';
import { readyShop } from '../../../test/shop-fixture';
import { expectToast, pageTitle } from '../../../test/toasts';

const TOKEN = { body: { data: { zendeskToken: { jwt: 'header.payload.sig' } } } };

async function openSupport(routes: FakeRoutes) {
  const view = renderApp({
    path: '/insights',
    shop: readyShop({
      connections: [{ type: 'commentsold', storeAccount: { email: 'store@demo-store.example' } }],
    }),
    routes,
  });
  await pageTitle('Insights');
  await userEvent.click(screen.getAllByRole('button', { name: 'Support' })[0] as HTMLElement);
  return view;
}

describe('support widget (sandbox)', () => {
  it('asks for the widget token, then sends the form with the store account e-mail', async () => {
    const view = await openSupport({
      'GET /api/shopify/shop/zendesk/token': TOKEN,
      'POST /api/shopify/shop/support-requests': (_request, body) => ({
        status: 201,
        body: { data: { id: 'r1', createdAt: '2026-01-01T00:00:00Z', ...(body as object) } },
      }),
    });
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('heading', { name: 'Contact support' })).toBeVisible();
    expect(view.calls('GET', '/api/shopify/shop/zendesk/token')).toHaveLength(1);
    expect(within(dialog).getByRole('textbox', { name: 'Email' })).toHaveValue(
      'store@demo-store.example',
    );
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Subject' }), 'Carousel');
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: 'Message' }),
      'How do I add a carousel?',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    await expectToast('Thanks! We received your message and will reply by e-mail.');
    expect(view.calls('POST', '/api/shopify/shop/support-requests')[0]?.body).toEqual({
      subject: 'Carousel',
      message: 'How do I add a carousel?',
      email: 'store@demo-store.example',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('asks for a subject and a message', async () => {
    const view = await openSupport({ 'GET /api/shopify/shop/zendesk/token': TOKEN });
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(within(dialog).getByText('Please enter a subject')).toBeVisible();
    expect(within(dialog).getByText('Please enter a message')).toBeVisible();
    expect(view.calls('POST', '/api/shopify/shop/support-requests')).toHaveLength(0);
  });

  it("shows the server's refusal instead of the form", async () => {
    await openSupport({
      'GET /api/shopify/shop/zendesk/token': failure(
        403,
        'The support widget needs an active subscription.',
      ),
    });
    await expectToast('The support widget needs an active subscription.');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('toasts a failed send and keeps the form', async () => {
    await openSupport({
      'GET /api/shopify/shop/zendesk/token': TOKEN,
      'POST /api/shopify/shop/support-requests': failure(500, 'x'),
    });
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Subject' }), 'Hi');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Message' }), 'Hello');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    await expectToast('Your message could not be sent. Please try again.');
    expect(screen.getByRole('dialog')).toBeVisible();
  });
});
