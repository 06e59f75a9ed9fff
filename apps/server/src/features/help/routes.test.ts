import { HELP_SERVER_MESSAGES } from '@popstage/core/help';
import { decodeProtectedHeader, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, SHOP_A, SHOP_B, type TestApp } from '../../test/app';

const TOKEN = '/api/shopify/shop/zendesk/token';
const REQUESTS = '/api/shopify/shop/support-requests';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const call = (shop: string, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.asShop(shop, method, url, payload);

async function activateFreePlan(shop: string) {
  const draft = await call(shop, 'POST', '/api/shopify/shop/subscription/draft', {
    shopifyDomain: shop,
    planId: 'bundle-flexible-2025-monthly',
    extraAddonIds: ['addon-popclips-free-2025'],
  });
  const bought = await call(shop, 'POST', '/api/shopify/shop/subscription', {
    draftId: draft.json().id,
  });
  expect(bought.json().subscription.status).toBe('ACTIVE');
}

describe('zendesk token', () => {
  it('needs the core store account, then an active subscription', async () => {
    const noAccount = await call(SHOP_A, 'GET', TOKEN);
    expect(noAccount.statusCode).toBe(403);
    expect(noAccount.json().message).toBe(HELP_SERVER_MESSAGES.supportNeedsStoreAccount);

    await call(SHOP_A, 'POST', '/api/shopify/shop/connections/commentsold', {
      email: 'help@demo.example.com',
    });
    await t.runJobs();
    const noPlan = await call(SHOP_A, 'GET', TOKEN);
    expect(noPlan.statusCode).toBe(403);
    expect(noPlan.json().message).toBe(HELP_SERVER_MESSAGES.supportNeedsSubscription);
  });

  it('signs a messaging JWT with the shop as external_id', async () => {
    await activateFreePlan(SHOP_A);
    const res = await call(SHOP_A, 'GET', TOKEN);
    expect(res.statusCode).toBe(200);
    const { jwt } = res.json().data.zendeskToken;
    const { payload } = await jwtVerify(
      jwt,
      new TextEncoder().encode(t.deps.config.ZENDESK_SHARED_SECRET ?? ''),
      { algorithms: ['HS256'], currentDate: t.clock.now() },
    );
    expect(payload).toMatchObject({
      external_id: SHOP_A,
      email: 'help@demo.example.com',
      email_verified: true,
      scope: 'user',
      name: expect.any(String),
    });
    expect((payload.exp ?? 0) - (payload.iat ?? 0)).toBe(15 * 60);
    expect(decodeProtectedHeader(jwt)).toMatchObject({ alg: 'HS256', kid: 'sandbox-zendesk-key' });
  });

  it('is refused when no help-widget key is configured', async () => {
    const original = t.deps.config.HELP_WIDGET_KEY;
    t.deps.config.HELP_WIDGET_KEY = undefined;
    try {
      const res = await call(SHOP_A, 'GET', TOKEN);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(HELP_SERVER_MESSAGES.supportNotConfigured);
    } finally {
      t.deps.config.HELP_WIDGET_KEY = original;
    }
  });
});

describe('support requests', () => {
  it('stores validated requests per shop and lists the shop’s own, newest first', async () => {
    const first = await call(SHOP_A, 'POST', REQUESTS, {
      subject: 'Carousel',
      message: 'How do I publish it?',
      email: 'owner@demo.example.com',
    });
    expect(first.statusCode).toBe(201);
    t.clock.advance(1000);
    await call(SHOP_A, 'POST', REQUESTS, {
      subject: 'Billing',
      message: 'Invoice please',
      email: 'owner@demo.example.com',
    });
    const list = await call(SHOP_A, 'GET', REQUESTS);
    expect(list.json().data.map((r: { subject: string }) => r.subject)).toEqual([
      'Billing',
      'Carousel',
    ]);
    expect((await call(SHOP_B, 'GET', REQUESTS)).json()).toEqual({ data: [] });

    const page = await t.app.inject({ method: 'GET', url: '/sandbox/support' });
    expect(page.body).toContain('How do I publish it?');
    expect(page.body).toContain(SHOP_A);
  });

  it('refuses an empty subject, an empty message or a bad e-mail', async () => {
    for (const body of [
      { subject: ' ', message: 'x', email: 'a@b.co' },
      { subject: 'x', message: '', email: 'a@b.co' },
      { subject: 'x', message: 'x', email: 'nope' },
    ]) {
      expect((await call(SHOP_A, 'POST', REQUESTS, body)).statusCode).toBe(400);
    }
  });
});
