import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { operatorUsers, pushDevices, shopifySessions, shops } from '../db/schema';
import { createFirstAdmin } from '../features/operator-console';
import { newTotpSecret, totpCode } from '../features/operator-console/totp';
import { call, createTestApp, SHOP_A, SHOP_B, type TestApp } from '../test/app';
import { createTestDatabase } from '../test/database';
import { subscribeMobile } from '../test/mobile';
import { countStaleSecrets, ENCRYPTED_COLUMNS, reencryptSecrets } from './reencrypt-secrets';
import { createTokenCipher, TokenKeyError } from './token-cipher';

/**
 * Key rotation as docs/operations.md tells it: the app runs on key 1 and stores every kind of
 * secret; key 2 becomes current with key 1 as previous; the re-encryption pass runs; then key 1 is
 * dropped and the app restarts on key 2 alone: the shop loads, and every secret still decrypts.
 */
const KEY_1 = randomBytes(32).toString('hex');
const KEY_2 = randomBytes(32).toString('base64');
const OLD_PREFIX = createTokenCipher(KEY_1).currentPrefix;
const NEW_PREFIX = createTokenCipher(KEY_2).currentPrefix;
const PASSWORD = 'a long staff password';
const STAFF = 'rotation@popstage.app';
const TOTP_SECRET = newTotpSecret();
const DEVICE = 'sandbox-phone-rotation';

let database: Database;
let before: TestApp;
/** What the admin got before the rotation, to compare after it. */
let shopBefore: { csToken: string | null; storefrontAccessToken: string | null };

const appId = async (t: TestApp, shop: string) =>
  (await call(t, shop, 'GET', '/api/store/v1/app-config')).json().data.publicAppId as string;

/** Every text value in the app's tables that starts with `prefix`, as table.column: count. */
async function valuesStartingWith(prefix: string): Promise<Record<string, number>> {
  const columns = (await database.db.execute(
    sql`select table_name, column_name from information_schema.columns
        where table_schema = 'public' and data_type = 'text'`,
  )) as unknown as { rows: { table_name: string; column_name: string }[] };
  const found: Record<string, number> = {};
  for (const { table_name: table, column_name: column } of columns.rows) {
    const result = (await database.db.execute(
      sql`select count(*)::int as n from ${sql.identifier(table)}
          where ${sql.identifier(column)} like ${`${prefix}%`}`,
    )) as unknown as { rows: { n: number }[] };
    const n = result.rows[0]?.n ?? 0;
    if (n > 0) found[`${table}.${column}`] = n;
  }
  return found;
}

beforeAll(async () => {
  database = await createTestDatabase();
  before = await createTestApp({ TOKEN_ENCRYPTION_KEY: KEY_1 }, { database });
  // Shopify tokens: exchanged for both shops at start. Both shops installed (the merchant opened
  // the app), which creates their storefront tokens.
  await call(before, SHOP_A, 'GET', '/api/shopify/shop');
  await call(before, SHOP_B, 'GET', '/api/shopify/shop');
  // A push device, through the branded app's public registration.
  await subscribeMobile(before, SHOP_A, 'addon-mobile-pro');
  const device = await before.app.inject({
    method: 'POST',
    url: `/mobile/v1/apps/${await appId(before, SHOP_A)}/devices`,
    payload: { platform: 'sandbox', token: DEVICE },
  });
  expect(device.statusCode, device.body).toBe(200);
  // The store account's token as its job writes it, and one stored before encryption existed.
  const db = database.db;
  await db
    .update(shops)
    .set({ csToken: before.deps.secrets.encrypt('cst_rotation') })
    .where(eq(shops.shopifyDomain, SHOP_A));
  await db.update(shops).set({ csToken: 'cst_plain' }).where(eq(shops.shopifyDomain, SHOP_B));
  // An operator enrolled in two-step sign-in.
  await createFirstAdmin(before.deps, { email: STAFF, password: PASSWORD });
  await db
    .update(operatorUsers)
    .set({ totpSecret: before.deps.secrets.encrypt(TOTP_SECRET) })
    .where(eq(operatorUsers.email, STAFF));
  const answer = await call(before, SHOP_A, 'GET', '/api/shopify/shop');
  expect(answer.statusCode, answer.body).toBe(200);
  shopBefore = answer.json();
  await before.close();
});
afterAll(() => database.close());

describe('rotating TOKEN_ENCRYPTION_KEY', () => {
  let after: TestApp;
  afterAll(() => after?.close());

  it('rewrites every secret under the new key, so the old key can be dropped', async () => {
    const stored = await valuesStartingWith(OLD_PREFIX);
    // Each kind of secret is there under key 1, and nothing else the test did not expect.
    expect(Object.keys(stored).sort()).toEqual([
      'operator_users.totp_secret',
      'push_devices.token',
      'shopify_sessions.access_token',
      'shopify_sessions.refresh_token',
      'shops.cs_token',
      'shops.storefront_access_token',
    ]);
    const [row] = await database.db.select().from(shops).where(eq(shops.shopifyDomain, SHOP_A));
    // Dropping key 1 without the pass would leave them unreadable (the shop would not load).
    expect(() => createTokenCipher(KEY_2).decrypt(row?.csToken ?? '')).toThrow(TokenKeyError);

    const rotated = createTokenCipher(KEY_2, [KEY_1]);
    const reports = await reencryptSecrets(database.db, rotated);
    const rewritten = Object.fromEntries(reports.map((r) => [r.column, r.rewritten]));
    expect(rewritten).toMatchObject({ ...stored, 'shops.cs_token': 2 }); // + the plain one
    expect(reports.every((r) => r.unreadable === 0 && r.changedMeanwhile === 0)).toBe(true);
    expect(await countStaleSecrets(database.db, rotated)).toBe(0);
    expect(await valuesStartingWith(OLD_PREFIX)).toEqual({});
    // A second pass has nothing to do.
    const again = await reencryptSecrets(database.db, rotated);
    expect(again.reduce((sum, r) => sum + r.rewritten, 0)).toBe(0);
  });

  it('restarted on the new key alone, the shop loads and every secret decrypts', async () => {
    // createTestApp exchanges nothing new: it reads both shops' stored Shopify tokens.
    after = await createTestApp({ TOKEN_ENCRYPTION_KEY: KEY_2 }, { database });
    const answer = await call(after, SHOP_A, 'GET', '/api/shopify/shop');
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({
      csToken: 'cst_rotation',
      storefrontAccessToken: shopBefore.storefrontAccessToken,
    });
    expect(shopBefore.storefrontAccessToken).toMatch(/\S/);
    const other = await call(after, SHOP_B, 'GET', '/api/shopify/shop');
    expect(other.json().csToken).toBe('cst_plain');
    const [b] = await database.db.select().from(shops).where(eq(shops.shopifyDomain, SHOP_B));
    expect(b?.csToken?.startsWith(NEW_PREFIX)).toBe(true);

    // Shopify's tokens: the Admin API answers with the stored (not a newly exchanged) token.
    const sessions = await database.db.select().from(shopifySessions);
    expect(sessions.every((s) => s.accessToken.startsWith(NEW_PREFIX))).toBe(true);
    expect((await after.deps.platform.getShop(SHOP_A))?.domain).toBe(SHOP_A);
    expect((await after.deps.storefront.searchCollections(SHOP_A)).length).toBeGreaterThan(0);

    // The device still gets pushes (its token is decrypted to send).
    const sent = await call(after, SHOP_A, 'POST', '/api/shopify/shop/mobile/notifications', {
      type: 'custom',
      title: 'After rotation',
      body: 'b',
    });
    expect(sent.statusCode, sent.body).toBe(200);
    await after.runJobs();
    const inbox = await after.app.inject({
      method: 'POST',
      url: `/mobile/v1/apps/${await appId(after, SHOP_A)}/sandbox-inbox`,
      payload: { token: DEVICE },
    });
    expect(inbox.json().items.map((item: { title: string }) => item.title)).toContain(
      'After rotation',
    );
    const [device] = await database.db.select().from(pushDevices);
    expect(device?.token.startsWith(NEW_PREFIX)).toBe(true);

    // The operator still signs in with a code from their authenticator.
    const signIn = await after.app.inject({
      method: 'POST',
      url: '/operator/sign-in',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        email: STAFF,
        password: PASSWORD,
        code: totpCode(TOTP_SECRET, STAFF, after.clock.now()),
      }).toString(),
    });
    expect(signIn.statusCode, signIn.body).toBe(303);
  });
});

/** The server's sources (tests and the test kit aside) that call encrypt on a cipher. */
function cipherWriters(): string[] {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const files = readdirSync(root, { recursive: true, encoding: 'utf8' }).filter(
    (file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && !file.startsWith('test/'),
  );
  return files
    .filter((file) => /\.encrypt\(/.test(readFileSync(path.join(root, file), 'utf8')))
    .map((file) => file.split(path.sep).join('/'))
    .sort();
}

describe('ENCRYPTED_COLUMNS', () => {
  // A new writer of deps.secrets whose column the pass does not know would keep the old key
  // needed for ever: add its column to ENCRYPTED_COLUMNS, then the file here.
  it('covers every writer of the cipher', () => {
    expect(cipherWriters()).toEqual([
      'auth/reencrypt-secrets.ts',
      'features/account/store-account-job.ts',
      'features/notifications/device-store.ts',
      'features/operator-console/sections/account.ts',
      'platform/shopify/access-tokens.ts',
      'platform/shopify/storefront/token-store.ts',
    ]);
    expect(ENCRYPTED_COLUMNS.map((c) => c.name)).toEqual([
      'shopify_sessions.access_token',
      'shopify_sessions.refresh_token',
      'shops.cs_token',
      'shops.storefront_access_token',
      'push_devices.token',
      'operator_users.totp_secret',
      'operator_users.pending_totp_secret',
    ]);
  });
});
