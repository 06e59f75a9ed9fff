import { ACCOUNT_MESSAGES, ACCOUNT_SERVER_MESSAGES } from '@popstage/core/account';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sellerAccounts, shops } from '../../db/schema';
import { LivePlatformError } from '../../platform/live/port';
import { sellerPayload, verifyPhone } from '../../test/account';
import { call, createTestApp, SHOP_A, SHOP_B, type TestApp } from '../../test/app';
import { sellerOnlyLivePlatform } from '../../test/live';

const CS = '/api/shopify/shop/connections/commentsold';
const PSL = '/api/shopify/shop/psl-account';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const shopEntity = async (shop: string) => (await call(t, shop, 'GET', '/api/shopify/shop')).json();

describe('core store account (commentsold)', () => {
  it('is created by the job; the poll and the Shop entity follow', async () => {
    expect((await call(t, SHOP_A, 'GET', CS)).json()).toEqual({
      created: false,
      dashboardUrl: null,
      email: null,
    });
    const res = await call(t, SHOP_A, 'POST', CS, { email: ' Owner@Demo.example.com ' });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({
      created: false,
      dashboardUrl: null,
      email: 'Owner@Demo.example.com',
    });
    expect((await shopEntity(SHOP_A)).csStoreCreated).toBe(false);

    expect(await t.runJobs()).toBe(1);
    expect((await call(t, SHOP_A, 'GET', CS)).json()).toMatchObject({
      created: true,
      email: 'Owner@Demo.example.com',
    });
    const shop = await shopEntity(SHOP_A);
    expect(shop.csStoreCreated).toBe(true);
    expect(shop.csToken).toMatch(/^cst_/);
    // Stored encrypted: the row holds no usable token.
    const [row] = await t.deps.database.db
      .select({ csToken: shops.csToken })
      .from(shops)
      .where(eq(shops.shopifyDomain, SHOP_A));
    expect(row?.csToken).toMatch(/^enc:v1:/);
    expect(t.deps.secrets.decrypt(row?.csToken ?? '')).toBe(shop.csToken);
    expect(shop.connections).toEqual([
      { type: 'commentsold', storeAccount: { email: 'Owner@Demo.example.com' } },
    ]);
  });

  it('is idempotent: a repeat changes nothing and queues nothing once created', async () => {
    const before = (await shopEntity(SHOP_A)).csToken;
    const again = await call(t, SHOP_A, 'POST', CS, { email: 'other@demo.example.com' });
    expect(again.statusCode).toBe(202);
    expect(again.json()).toMatchObject({ created: true, email: 'Owner@Demo.example.com' });
    expect(await t.runJobs()).toBe(0);
    expect((await shopEntity(SHOP_A)).csToken).toBe(before);
  });

  it('refuses an e-mail another shop uses (any case), and check-email says so', async () => {
    const check = (shop: string, email: string) =>
      call(t, shop, 'POST', `${CS}/check-email`, { email });
    expect((await check(SHOP_B, 'OWNER@demo.example.com')).json()).toEqual({
      emailAvailable: false,
    });
    expect((await check(SHOP_A, 'owner@demo.example.com')).json()).toEqual({
      emailAvailable: true,
    });
    expect((await check(SHOP_B, 'fresh@other.example.com')).json()).toEqual({
      emailAvailable: true,
    });
    const taken = await call(t, SHOP_B, 'POST', CS, { email: 'owner@DEMO.example.com' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('Email already in use');
    expect((await call(t, SHOP_B, 'GET', CS)).json().email).toBeNull();
  });

  it('validates the e-mail with the spec message', async () => {
    for (const email of ['nope', '', 'a😀@example.com']) {
      const res = await call(t, SHOP_B, 'POST', `${CS}/check-email`, { email });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Invalid email address');
    }
  });

  it('lets a pending request correct its e-mail; a duplicate job is harmless', async () => {
    await call(t, SHOP_B, 'POST', CS, { email: 'typo@other.example.com' });
    const fixed = await call(t, SHOP_B, 'POST', CS, { email: 'owner@other.example.com' });
    expect(fixed.json()).toMatchObject({ created: false, email: 'owner@other.example.com' });
    expect(await t.runJobs()).toBe(2);
    expect((await call(t, SHOP_B, 'GET', CS)).json()).toMatchObject({
      created: true,
      email: 'owner@other.example.com',
    });
  });
});

describe('check-phone', () => {
  it('answers availability for an encoded plus, and 400 for a bad number', async () => {
    const res = await call(t, SHOP_A, 'GET', '/api/shopify/shop/check-phone?phone=%2B15559990000');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { is_phone_available: true } });
    const unencoded = await call(
      t,
      SHOP_A,
      'GET',
      '/api/shopify/shop/check-phone?phone=+15559990000',
    );
    expect(unencoded.json()).toEqual({ data: { is_phone_available: true } });
    const bad = await call(t, SHOP_A, 'GET', '/api/shopify/shop/check-phone?phone=12');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Invalid phone number. Please enter a valid phone number.');
  });
});

describe('seller account (psl-account)', () => {
  const PHONE_A = '+15552220001';

  it('needs a phone this shop verified, matching the payload', async () => {
    const unverified = sellerPayload(SHOP_A, {
      uid: 'Zz9Yy8Xx7Ww6Vv5Uu4Tt3Ss2Rr1Q',
      phone: PHONE_A,
    });
    const res = await call(t, SHOP_A, 'POST', PSL, unverified);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(ACCOUNT_SERVER_MESSAGES.phoneNotVerified);

    const verification = await verifyPhone(t, SHOP_A, PHONE_A);
    const otherPhone = await call(t, SHOP_A, 'POST', PSL, {
      ...sellerPayload(SHOP_A, verification),
      phoneNumber: '+15552220002',
      store: { ...sellerPayload(SHOP_A, verification).store },
    });
    expect(otherPhone.statusCode).toBe(403);
    // Another shop cannot use A's verification.
    const stolen = await call(t, SHOP_B, 'POST', PSL, sellerPayload(SHOP_B, verification));
    expect(stolen.statusCode).toBe(403);
  });

  it('refuses another shop’s domain with 403', async () => {
    const verification = await verifyPhone(t, SHOP_B, '+15552220003');
    const res = await call(t, SHOP_B, 'POST', PSL, sellerPayload(SHOP_A, verification));
    expect(res.statusCode).toBe(403);
  });

  it('validates the payload (username and bio from the uid)', async () => {
    const verification = await verifyPhone(t, SHOP_A, PHONE_A);
    const res = await call(t, SHOP_A, 'POST', PSL, {
      ...sellerPayload(SHOP_A, verification),
      username: 'someone',
    });
    expect(res.statusCode).toBe(400);
  });

  it('creates the seller once; the Shop entity follows; a repeat answers the same seller', async () => {
    const verification = await verifyPhone(t, SHOP_A, PHONE_A);
    const payload = sellerPayload(SHOP_A, verification, 'owner@demo.example.com');
    const res = await call(t, SHOP_A, 'POST', PSL, payload);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({
      sellerId: expect.stringMatching(/^seller_/),
      dashboardUrl: expect.stringMatching(
        new RegExp(`^http://localhost:3000/live-service/studio/${data.sellerId}#key=[\\w-]{40,}$`),
      ),
      popshopliveAccountCreated: true,
    });
    const shop = await shopEntity(SHOP_A);
    expect(shop).toMatchObject({
      popshopliveAccountCreated: true,
      dashboardUrl: data.dashboardUrl,
    });
    expect(shop.connections).toContainEqual({ type: 'popshoplive', sellerId: data.sellerId });
    expect((await call(t, SHOP_A, 'GET', CS)).json().dashboardUrl).toBe(data.dashboardUrl);

    const again = await call(t, SHOP_A, 'POST', PSL, payload);
    expect(again.json().data).toEqual(data);
    // One seller on the live service (its own table, read here only to count).
    const sellers = (await t.deps.database.db.execute(
      sql`select id from live.sellers where shop_domain = ${SHOP_A}`,
    )) as unknown as { rows: unknown[] };
    expect(sellers.rows).toHaveLength(1);

    const page = await t.app.inject({
      method: 'GET',
      url: `/live-service/studio/${data.sellerId}`,
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Go live');
  });

  it('tells another shop the phone is in use', async () => {
    const check = await call(
      t,
      SHOP_B,
      'GET',
      `/api/shopify/shop/check-phone?phone=${encodeURIComponent(PHONE_A)}`,
    );
    expect(check.json()).toEqual({ data: { is_phone_available: false } });
    const send = await call(t, SHOP_B, 'POST', '/api/shopify/shop/account/otp/send', {
      phone: PHONE_A,
      botToken: 'x',
    });
    expect(send.statusCode).toBe(409);
    expect(send.json().message).toBe(ACCOUNT_MESSAGES.phoneInUse);
  });
});

describe('seller account when the live platform fails', () => {
  it('answers the §8 message, stores nothing, and a retry completes without duplicates', async () => {
    let failing = true;
    const created: string[] = [];
    const live = sellerOnlyLivePlatform(async ({ idempotencyKey }) => {
      if (failing) throw new LivePlatformError('down');
      created.push(idempotencyKey);
      return { sellerId: 'remote-1', dashboardUrl: 'https://live.example.com/remote-1' };
    });
    const app = await createTestApp({}, { live });
    try {
      const verification = await verifyPhone(app, SHOP_A, '+15553330001');
      const payload = sellerPayload(SHOP_A, verification);
      const failed = await call(app, SHOP_A, 'POST', PSL, payload);
      expect(failed.statusCode).toBe(502);
      expect(failed.json().message).toBe(
        'Failed to create popshop.live account. Please contact support.',
      );
      expect(await app.deps.database.db.select().from(sellerAccounts)).toEqual([]);
      const [row] = await app.deps.database.db
        .select()
        .from(shops)
        .where(eq(shops.shopifyDomain, SHOP_A));
      expect(row).toMatchObject({ popshopliveAccountCreated: false, dashboardUrl: null });

      failing = false;
      const retried = await call(app, SHOP_A, 'POST', PSL, payload);
      expect(retried.statusCode).toBe(200);
      expect(retried.json().data.sellerId).toBe('remote-1');
      await call(app, SHOP_A, 'POST', PSL, payload);
      expect(created).toHaveLength(1);
      expect(await app.deps.database.db.select().from(sellerAccounts)).toHaveLength(1);
    } finally {
      await app.close();
    }
  });

  it('maps a conflict on the platform to the in-use message', async () => {
    const live = sellerOnlyLivePlatform(async () => {
      throw new LivePlatformError('taken', 'email');
    });
    const app = await createTestApp({}, { live });
    try {
      const verification = await verifyPhone(app, SHOP_A, '+15553330002');
      const res = await call(app, SHOP_A, 'POST', PSL, sellerPayload(SHOP_A, verification));
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe('Email already in use');
    } finally {
      await app.close();
    }
  });
});
