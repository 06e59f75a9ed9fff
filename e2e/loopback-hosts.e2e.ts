import { describe, expect, it } from 'vitest';
import { adminTitle, embedded } from './admin';
import { journeySession } from './session';

/**
 * Issue 31 point 1: a newcomer opens `npm start`'s sandbox on whichever loopback host they type
 * (the log's 127.0.0.1 or localhost), and both give a working admin: the app loads in the admin's
 * frame (its CSP frame-ancestors and the frame's frame-src agree) and App Bridge talks to the
 * admin (the title bar shows the app's page).
 */
const BASE = process.env.E2E_BASE_URL ?? '';
const OTHER = 'other-store.myshopify.com';
const port = new URL(BASE).port;

const session = journeySession(BASE, OTHER);

describe.each(['127.0.0.1', 'localhost'])('the sandbox opened on %s', (host) => {
  it('gives a working admin with the app in its frame', async () => {
    const { page } = session;
    const origin = `http://${host}:${port}`;
    const refused: string[] = [];
    page.on('console', (message) => {
      if (/frame-ancestors|Refused to frame/i.test(message.text())) refused.push(message.text());
    });
    await page.goto(`${origin}/?shop=${OTHER}`);
    const { admin, app } = embedded(page);
    await admin.waitForURL(`${origin}/sandbox/store/${OTHER}/apps/popstage/**`);
    await app.getByRole('heading', { name: 'Select Plan' }).waitFor();
    await expect.poll(() => adminTitle(admin).textContent()).toBe('Select Plan');
    const frame = await page.locator('#app-frame').getAttribute('src');
    expect(new URL(frame ?? '', origin).origin).toBe(origin);
    expect(refused).toEqual([]);
  });
});
