import { describe, expect, it } from 'vitest';
import { adminToast, openAdmin, waitForAppPath } from './admin';
import { screenshot, screenshotAt } from './browser';
import { waitUntilProcessed } from './clips';
import { prepareShop, shopApi } from './prepare-shop';
import { journeySession } from './session';

const BASE = process.env.E2E_BASE_URL ?? '';
const DEMO = 'demo-store.myshopify.com';

const session = journeySession(BASE, DEMO, { resetAfter: true });

describe('live selling', () => {
  it('a seller schedules and runs a sandbox show and turns its replay into a Popclip', async () => {
    const { page, browser } = session;
    await prepareShop(page.request, BASE, DEMO, ['addon-popclips-free-2025', 'addon-live-basic']);
    const { admin, app } = await openAdmin(page, BASE, DEMO, '/live');

    // Schedule a show for tomorrow evening with a product.
    const tomorrow = new Date(Date.now() + 24 * 3600_000);
    const date = `${tomorrow.getFullYear()}-${String(tomorrow.getMonth() + 1).padStart(2, '0')}-${String(tomorrow.getDate()).padStart(2, '0')}`;
    await app.getByLabel('Show title').fill('Winter drop');
    await app.getByLabel('Date').fill(date);
    await app.getByLabel('Start time').fill('18:30');
    const firstProduct = app
      .getByRole('group', { name: /Products to show/ })
      .getByRole('checkbox')
      .first();
    await firstProduct.check();
    await app.getByRole('button', { name: 'Schedule show' }).click();
    await adminToast(admin, 'Live show scheduled.').waitFor();
    await app.getByRole('list', { name: 'Upcoming shows' }).getByText('Winter drop').waitFor();
    await screenshotAt(admin, 'live-1280', 1280, 1600);
    await screenshotAt(admin, 'live-375', 375, 2600);

    // The seller runs it on the live platform's dashboard (Go Live opens it).
    const dashboardUrl = await app.getByRole('link', { name: 'Go Live' }).getAttribute('href');
    expect(dashboardUrl).toMatch(/\/sandbox\/live\/seller_/);
    const dashboard = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await dashboard.goto(dashboardUrl ?? '');
    await dashboard.getByRole('button', { name: 'Go live' }).click();
    await dashboard.getByRole('heading', { name: 'On air: Winter drop' }).waitFor();
    await dashboard.getByRole('img', { name: 'Test pattern stream' }).waitFor();
    await screenshot(dashboard, 'live-dashboard-on-air');
    await dashboard.getByRole('button', { name: 'End show' }).click();
    await dashboard.getByText(/Ended, replay of \d+ s/).waitFor();

    // Back in the admin: the replay, and a Popclip from a part of it.
    await page.reload();
    const replays = app.getByRole('list', { name: 'Replays' });
    await replays.getByText('Winter drop').waitFor();
    await app.getByRole('button', { name: 'Create Popclip from Winter drop' }).click();
    const dialog = app.getByRole('dialog');
    await dialog.getByLabel('Popclip title').fill('Winter drop highlight');
    await dialog.getByLabel('From (seconds)').fill('1');
    await dialog.getByLabel('To (seconds)').fill('6');
    await screenshot(admin, 'live-replay-clip-modal');
    await dialog.getByRole('button', { name: 'Create Popclip' }).click();
    await waitForAppPath(admin, BASE, DEMO, '/popclips/list');
    await app.getByText('Winter drop highlight').first().waitFor();

    const api = shopApi(page.request, BASE, DEMO);
    const clips = await api<{
      data: { metaIdentifier: string; metaData: { videoTitle: string } }[];
    }>('POST', '/api/media/listMediabyID', {
      id: DEMO,
      pageSize: 12,
      fileCategory: 'shopifyClips',
    });
    const clip = clips.data.find((c) => c.metaData.videoTitle === 'Winter drop highlight');
    expect(clip).toBeDefined();
    await waitUntilProcessed(page.request, BASE, DEMO, clip?.metaIdentifier ?? '');
    const [processed] = (
      await api<{ data: { metaData: { products: unknown[] } }[] }>(
        'POST',
        '/api/media/listMediabyTypeAndMetaId',
        { fileCategory: 'shopifyClips', metaIds: [clip?.metaIdentifier], sellerId: DEMO },
      )
    ).data;
    expect(processed?.metaData.products).toHaveLength(1);
  }, 240_000);
});
