import { describe, expect, it } from 'vitest';
import { openAdmin, waitForAppPath } from './admin';
import { screenshotAt } from './browser';
import { prepareShop } from './prepare-shop';
import { journeySession } from './session';

const BASE = process.env.E2E_BASE_URL ?? '';
const DEMO = 'demo-store.myshopify.com';

const session = journeySession(BASE, DEMO, { resetAfter: true });

/** The whole admin at a width (the frame is as tall as the window), then back to 1280. */
describe('help center', () => {
  it('a merchant reads an article from the footer link, and finds another by search', async () => {
    const { page } = session;
    await prepareShop(page.request, BASE, DEMO, ['addon-popclips-free-2025']);
    const { admin, app } = await openAdmin(page, BASE, DEMO, '/insights');
    await app.getByRole('heading', { name: 'Insights', level: 1 }).waitFor();

    // The footer's Help Center opens the app's own help center, in the app.
    await app.getByRole('link', { name: 'Help Center' }).click();
    await waitForAppPath(admin, BASE, DEMO, '/resources');
    await app.getByRole('heading', { name: 'Popclips', level: 2 }).waitFor();
    await screenshotAt(admin, 'help-center-1280', 1280, 2200);
    await screenshotAt(admin, 'help-center-375', 375, 3600);

    await app.getByRole('link', { name: 'Upload a Popclip and tag products' }).click();
    await waitForAppPath(admin, BASE, DEMO, '/resources/articles/upload-a-popclip');
    await app
      .getByRole('heading', { name: 'Upload a Popclip and tag products', level: 1 })
      .waitFor();
    await expect(
      app.getByText('Videos up to 100MB are accepted', { exact: false }).count(),
    ).resolves.toBe(1);
    await screenshotAt(admin, 'help-article-1280', 1280, 1400);
    await screenshotAt(admin, 'help-article-375', 375, 2000);

    // Back to the help center, and a search by a word of an article's body.
    await app.getByRole('button', { name: 'Back' }).first().click();
    await waitForAppPath(admin, BASE, DEMO, '/resources');
    await app.getByRole('textbox', { name: 'Search articles' }).fill('D-U-N-S');
    const result = app.getByRole('link', { name: 'Request your branded mobile app' });
    await result.waitFor();
    // Drafts never show, not even in a search.
    await app.getByRole('textbox', { name: 'Search articles' }).fill('soon appear');
    await app.getByText('No Results').waitFor();
  });
});
