import type { GetStartedEvent } from '@popstage/core/onboarding';
import type { Shop } from '@popstage/core/shop';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ADDONS, subscriptionWith } from '../../test/billing-fixture';
import { type FakeRoutes, renderApp } from '../../test/render-app';
import { readyShop } from '../../test/shop-fixture';
import { expectToast, isDisabled, pageTitle } from '../../test/toasts';
import { ALL_POPCLIPS_CAROUSEL_NOTE } from './StepBodies';
import { PUBLISH_MESSAGES, PUBLISH_POLL_MS } from './use-publish-products';

const PUBLISH_PATH = '/api/shopify/shop/app-setup-wizard/publish-products';

const freshShop = (overrides: Partial<Shop> = {}) =>
  readyShop({
    embedEnabled: false,
    livePageCreated: false,
    publishedProductsToSalesChannelCount: 0,
    firstPopclipCreated: false,
    skippedFirstPopclipsCreation: false,
    onBoardedOn: null,
    progressPercentage: 0,
    ...overrides,
  });

const wizard = (events: GetStartedEvent[]) => ({
  body: { data: { completion_percentage: events.length * 25, events } },
});

const SDK: GetStartedEvent = 'STEP_ENABLE_VIDEEO_SDK';
const PRODUCTS: GetStartedEvent = 'STEP_PUBLISH_PRODUCTS_TO_VIDEEO_SC';
const POPCLIP: GetStartedEvent = 'STEP_ADD_YOUR_FIRST_POPCLIP';
const CAROUSEL: GetStartedEvent = 'STEP_PUBLISH_YOUR_FIRST_POPCLIP_CAROUSEL';

async function openWizard(
  events: GetStartedEvent[] | (() => GetStartedEvent[]),
  routes: FakeRoutes = {},
  shop: Shop | (() => Shop) = freshShop(),
) {
  const view = renderApp({
    path: '/get-started',
    shop,
    routes: {
      'GET /api/shopify/shop/app-setup-wizard': () =>
        wizard(typeof events === 'function' ? events() : events),
      'GET /api/shopify/shop/embed': { body: { embedEnabled: false } },
      ...routes,
    },
  });
  await pageTitle('Get Started');
  await screen.findByRole('heading', { name: 'Publish your first carousel' });
  return view;
}

/** A control by its text: Polaris draws a disabled url button without a link role. */
const control = (text: string) => screen.getByText(text).closest('a, button') as HTMLElement;

/** The step card holding the heading `title`. */
const stepCard = (title: string) =>
  screen.getByRole('heading', { name: title }).closest('.Polaris-ShadowBevel') as HTMLElement;

describe('Get Started wizard', () => {
  it('lists the four steps with their time hints, only the first open', async () => {
    await openWizard([]);
    const titles = [
      'Enable the SDK embed and create the live page',
      'Publish products to the sales channel',
      'Create your first Popclip',
      'Publish your first carousel',
    ];
    const hints = ['1 minute', '1 minute', '2 minutes', '3 minutes'];
    titles.forEach((title, index) => {
      expect(within(stepCard(title)).getByText(hints[index] as string)).toBeVisible();
    });
    expect(screen.getByText('0% complete')).toBeVisible();
    expect(isDisabled(control('Create live page'))).toBe(false);
    expect(isDisabled(control('Publish all products'))).toBe(true);
    expect(isDisabled(control('Skip'))).toBe(true);
    expect(isDisabled(control('Add all-Popclips carousel'))).toBe(true);
    expect(screen.queryByText("You're all set")).toBeNull();
  });

  it('explains a locked step with a tooltip', async () => {
    await openWizard([SDK]);
    await userEvent.hover(stepCard('Create your first Popclip'));
    expect(await screen.findByText('Complete previous steps')).toBeVisible();
    await userEvent.unhover(stepCard('Create your first Popclip'));
    await userEvent.hover(stepCard('Publish products to the sales channel'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText('Complete previous steps')).toBeNull();
  });

  it("step 1: opens the local Shopify's theme editor with the embed ready, creates the live page and checks again", async () => {
    let embedOn = false;
    const view = await openWizard(() => (embedOn ? [SDK] : []), {
      'POST /api/shopify/shop/live-page': { body: { livePageCreated: true } },
      'GET /api/shopify/shop/embed': () => ({ body: { embedEnabled: embedOn } }),
    });
    const embed = screen.getByRole('link', { name: 'Enable app embed' });
    expect(embed.getAttribute('href')).toMatch(
      /^\/sandbox\/store\/demo-store\.myshopify\.com\/themes\/current\/editor\?context=apps&activateAppId=[^/]*\/app-embed$/,
    );
    expect(embed).toHaveAttribute('target', '_blank');
    await userEvent.click(control('Create live page'));
    await expectToast('Live page created');
    expect(view.calls('POST', '/api/shopify/shop/live-page')).toHaveLength(1);

    embedOn = true;
    const wizardReads = view.calls('GET', '/api/shopify/shop/app-setup-wizard').length;
    await userEvent.click(screen.getAllByRole('button', { name: 'Check again' })[0] as HTMLElement);
    await waitFor(() =>
      expect(view.calls('GET', '/api/shopify/shop/app-setup-wizard').length).toBeGreaterThan(
        wizardReads,
      ),
    );
    await screen.findByText('25% complete');
    expect(
      within(stepCard('Enable the SDK embed and create the live page')).getByText('Completed', {
        selector: '.Polaris-Badge *, .Polaris-Badge',
      }),
    ).toBeVisible();
    expect(isDisabled(control('Publish all products'))).toBe(false);
  });

  it('step 2: publishes through the app, then completes once the store has the products', async () => {
    let published = 0;
    let posted = false;
    let readsSincePost = 0;
    const view = await openWizard(
      () => {
        // The job lands between the first and the second read after the click.
        if (posted && ++readsSincePost > 1) published = 72;
        return published > 0 ? [SDK, PRODUCTS] : [SDK];
      },
      {
        [`POST ${PUBLISH_PATH}`]: () => {
          posted = true;
          return { status: 202, body: { data: { queued: true } } };
        },
      },
      () =>
        freshShop({
          embedEnabled: true,
          livePageCreated: true,
          publishedProductsToSalesChannelCount: published,
        }),
    );
    expect(screen.getByText('0 products published')).toBeVisible();
    // Picking products one by one stays possible, in the store's products admin (the local
    // Shopify's offline).
    const choose = control('Choose products');
    expect(choose).toHaveAttribute(
      'href',
      '/sandbox/store/demo-store.myshopify.com/admin/products',
    );
    expect(choose).toHaveAttribute('target', '_blank');

    await userEvent.click(control('Publish all products'));
    await expectToast(PUBLISH_MESSAGES.started);
    expect(view.calls('POST', PUBLISH_PATH)).toHaveLength(1);
    // The wizard is re-read while the job publishes, until the step is done.
    await screen.findByText('50% complete', {}, { timeout: 3 * PUBLISH_POLL_MS + 1000 });
    await screen.findByText('72 products published');
  });

  it('step 2: says so when the publication cannot be started', async () => {
    await openWizard(
      [SDK],
      { [`POST ${PUBLISH_PATH}`]: { status: 503, body: { error: 'x', message: 'down' } } },
      freshShop({ embedEnabled: true, livePageCreated: true }),
    );
    await userEvent.click(control('Publish all products'));
    await expectToast(PUBLISH_MESSAGES.failed);
    expect(screen.getByText('25% complete')).toBeVisible();
  });

  it('step 3: skipping stores the choice, then all set and Continue goes to landing', async () => {
    let skipped = false;
    const done = {
      embedEnabled: true,
      livePageCreated: true,
      publishedProductsToSalesChannelCount: 3,
    };
    const view = await openWizard(
      () => (skipped ? [SDK, PRODUCTS, POPCLIP] : [SDK, PRODUCTS]),
      {
        'POST /api/shopify/shop-info': (_request, body) => {
          skipped = true;
          return { body: { success: true, data: body } };
        },
      },
      () => freshShop({ ...done, skippedFirstPopclipsCreation: skipped }),
    );
    expect(screen.getByRole('link', { name: 'Create Popclip' })).toHaveAttribute(
      'href',
      '/popclips/create',
    );
    await userEvent.click(control('Skip'));
    expect(await screen.findByText("You're all set")).toBeVisible();
    // The skipped step says so; only the two done steps read 'Completed'.
    const badges = (text: string) =>
      screen.getAllByText(text).filter((element) => element.closest('.Polaris-Badge'));
    expect(badges('Skipped')).toHaveLength(1);
    expect(badges('Completed')).toHaveLength(2);
    expect(view.calls('POST', '/api/shopify/shop-info')[0]?.body).toEqual({
      key: 'skippedFirstPopclipsCreation',
      value: true,
    });
    // Step 4 opens (on Free: the all-Popclips carousel), and the merchant stays until Continue.
    expect(isDisabled(control('Add all-Popclips carousel'))).toBe(false);
    expect(view.pathname()).toBe('/get-started');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(view.pathname()).toBe('/'));
  });

  it('step 4 on Free: the all-Popclips carousel block completes it, or the upgrade', async () => {
    let events: GetStartedEvent[] = [SDK, PRODUCTS, POPCLIP];
    const view = await openWizard(() => events, {
      'POST /api/shopify/shop/app-setup-wizard': () => {
        events = [SDK, PRODUCTS, POPCLIP, CAROUSEL];
        return wizard(events);
      },
    });
    expect(screen.queryByText('Create carousel')).toBeNull();
    expect(screen.getByText(ALL_POPCLIPS_CAROUSEL_NOTE)).toBeVisible();
    const add = control('Add all-Popclips carousel');
    expect(add.getAttribute('href')).toMatch(
      /^\/sandbox\/store\/demo-store\.myshopify\.com\/themes\/current\/editor\?template=index&addAppBlockId=[^/]*\/carousel&target=newAppsSection$/,
    );
    expect(add).toHaveAttribute('target', '_blank');
    await userEvent.click(add);
    await screen.findByText('100% complete');
    expect(view.calls('POST', '/api/shopify/shop/app-setup-wizard')[0]?.body).toEqual({
      event: CAROUSEL,
    });
    expect(view.pathname()).toBe('/get-started');
  });

  it('step 4 on Free offers the upgrade', async () => {
    const view = await openWizard([SDK, PRODUCTS, POPCLIP]);
    await userEvent.click(control('Upgrade for custom carousels'));
    await waitFor(() => expect(view.pathname()).toBe('/manage/plans'));
  });

  it('step 4 on Basic creates a carousel', async () => {
    await openWizard(
      [SDK, PRODUCTS, POPCLIP],
      {},
      freshShop({ subscription: subscriptionWith([ADDONS.popclipsBasic]) }),
    );
    expect(control('Create carousel')).toHaveAttribute('href', '/popclips/create-carousel');
    expect(screen.queryByText('Add all-Popclips carousel')).toBeNull();
  });

  it("says You're all set at 100 %", async () => {
    await openWizard([SDK, PRODUCTS, POPCLIP, CAROUSEL]);
    expect(screen.getByText("You're all set")).toBeVisible();
    expect(screen.getByText('100% complete')).toBeVisible();
  });

  it('shows the same steps in the progress popup', async () => {
    await openWizard([SDK]);
    await userEvent.click(screen.getByRole('button', { name: 'Setup progress: 25%' }));
    const popup = await screen.findByRole('dialog');
    expect(within(popup).getByRole('heading', { name: 'Setup progress' })).toBeVisible();
    expect(
      within(popup)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'CompletedEnable the SDK embed and create the live page1 minute',
      '2.Publish products to the sales channel1 minute',
      '3.Create your first Popclip2 minutes',
      '4.Publish your first carousel3 minutes',
    ]);
  });

  it('sends an onboarded shop to landing', async () => {
    const view = renderApp({ path: '/get-started', shop: readyShop() });
    await waitFor(() => expect(view.pathname()).toBe('/'));
  });

  it('marks the first-Popclip step for a shop onboarded before the cut-off', async () => {
    const view = renderApp({
      path: '/get-started',
      shop: readyShop({ onBoardedOn: '2024-11-01T00:00:00.000Z', firstPopclipCreated: false }),
      routes: { 'POST /api/shopify/shop/app-setup-wizard': wizard([SDK, PRODUCTS, POPCLIP]) },
    });
    await waitFor(() => expect(view.pathname()).toBe('/'));
    await waitFor(() =>
      expect(view.calls('POST', '/api/shopify/shop/app-setup-wizard')[0]?.body).toEqual({
        event: 'STEP_ADD_YOUR_FIRST_POPCLIP',
      }),
    );
  });
});
