import { join } from 'node:path';
import { generateClip } from '@popstage/testkit/clip';
import { describe, expect, it } from 'vitest';
import { adminToast, openAdmin, waitForAppPath } from './admin';
import { screenshot, screenshotsAtBothWidths } from './browser';
import { uploadClip, waitUntilProcessed } from './clips';
import { localShopify } from './local-shopify';
import { firstPublishedProduct, prepareShop, shopApi } from './prepare-shop';
import { journeySession } from './session';

const BASE = process.env.E2E_BASE_URL ?? '';
const DEMO = 'demo-store.myshopify.com';
const CLIP_TITLE = 'Push clip';

const session = journeySession(BASE, DEMO, { resetAfter: true });

describe('push notifications journey', () => {
  it('composes, sends to the sandbox phone (a Popclip deep link), schedules and deletes', async () => {
    const { page, browser, workDir } = session;
    await prepareShop(page.request, BASE, DEMO, ['addon-popclips-basic', 'addon-mobile-pro']);
    const api = shopApi(page.request, BASE, DEMO);
    // The branded app's config (its public id) exists once the builder has read it.
    await api('GET', '/api/store/v1/app-config');
    const product = await firstPublishedProduct(api);
    const file = await generateClip(join(workDir, 'push.mp4'));
    const clipId = await uploadClip(page.request, BASE, DEMO, CLIP_TITLE, file, product);
    await waitUntilProcessed(page.request, BASE, DEMO, clipId);

    // The sandbox phone: the app preview registers as a push device.
    const phone = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await phone.goto(`${localShopify(BASE)}/sandbox/shops/${DEMO}/app-preview`);
    await phone.getByText('Notifications on (sandbox device)').waitFor();

    // The notifications tab: empty, then Compose Push Notification.
    const { admin, app } = await openAdmin(page, BASE, DEMO, '/mobile/notifications-banners');
    await app.getByText('No Results').waitFor();
    await app.getByRole('button', { name: 'Compose Push Notification' }).click();
    await waitForAppPath(page, BASE, DEMO, '/mobile/notification');

    // Title and body are required; double quotes become single quotes as typed.
    await app.getByRole('button', { name: 'Send notification' }).click();
    await expect.poll(() => app.getByText('Required field').count()).toBe(2);
    await app.getByLabel('Title').pressSequentially('New "drop" is live');
    await expect.poll(() => app.getByLabel('Title').inputValue()).toBe("New 'drop' is live");
    await app.getByLabel('Body').fill('Watch the clip and shop it in the app');
    await app.getByLabel('Opens').selectOption('popclip');
    await app.getByRole('option', { name: CLIP_TITLE }).click();
    await app.getByText(`Selected: ${CLIP_TITLE}`).waitFor();
    await screenshotsAtBothWidths(page, 'push-compose');
    await app.getByRole('button', { name: 'Send notification' }).click();
    await adminToast(admin, 'Notification sent successfully').waitFor();
    await waitForAppPath(page, BASE, DEMO, '/mobile/notifications-banners');

    // The phone shows it as a banner; the list shows it sent with its results.
    const banner = phone.locator('[data-push-banner]', { hasText: "New 'drop' is live" });
    await banner.waitFor({ timeout: 30_000 });
    await screenshot(phone, 'push-device-banner');
    const row = app.locator('[data-notification]', { hasText: "New 'drop' is live" });
    await row.getByText('Sent', { exact: true }).waitFor({ timeout: 30_000 });
    await row.getByText(/1 targeted · 1 delivered · 0 failed/).waitFor();

    // A tap opens the Popclip in the app and counts the open.
    await banner.click();
    await phone.locator(`[data-popclip="${clipId}"]`).getByText(CLIP_TITLE).waitFor();
    await screenshot(phone, 'push-device-popclip');
    await page.reload();
    await row.getByText(/1 opened/).waitFor({ timeout: 20_000 });

    // Schedule one for tomorrow: pending, then deleted.
    await app.getByRole('button', { name: 'Compose Push Notification' }).click();
    await app.getByLabel('Title').fill('Tomorrow');
    await app.getByLabel('Body').fill('Early access starts tomorrow');
    await app.getByRole('checkbox', { name: 'Schedule for later' }).check();
    const date = app.getByLabel('Date');
    const first = await date.getAttribute('min');
    const tomorrow = new Date(Date.parse(`${first}T00:00:00Z`) + 2 * 86_400_000)
      .toISOString()
      .slice(0, 10);
    await date.fill(tomorrow);
    await app.getByLabel('Time').selectOption('10:00');
    await app.getByRole('button', { name: 'Schedule notification' }).click();
    await adminToast(admin, 'Notification scheduled successfully').waitFor();
    const pending = app.locator('[data-notification]', { hasText: 'Tomorrow' });
    await pending.getByText('Pending', { exact: true }).waitFor();
    await screenshotsAtBothWidths(page, 'push-list');
    await pending.getByRole('button', { name: 'Delete Tomorrow' }).click();
    await adminToast(admin, 'Scheduled Notification Deleted Sucessfully').waitFor();
    await pending.waitFor({ state: 'detached' });
    // The sent one cannot be deleted.
    expect(await row.getByRole('button', { name: /Delete/ }).count()).toBe(0);
    await phone.close();
  }, 240_000);
});
