import { readAppConfig, sandboxWebhookDeliveries } from '@popstage/shopify-sandbox/testing';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ShopifyGraphqlError } from '../platform/shopify/errors';
import { call, createTestApp, SHOP_A, type TestApp } from '../test/app';

/**
 * Access scopes (issue 27 point 5): the local Shopify enforces what the merchant granted per
 * field, as Shopify does. Narrowed from the control page, the app's product picker fails with
 * Shopify's ACCESS_DENIED; granted back to shopify.app.toml's scopes, it works again.
 */
let t: TestApp;
const declared = readAppConfig().scopes;

beforeAll(async () => {
  t = await createTestApp();
  // Installed at the merchant's first open: the grant is shopify.app.toml's. The onboarding's
  // publish step connects the app's channel, whose products the picker lists.
  await t.deps.platform.publishProducts(SHOP_A);
  const picker = await call(t, SHOP_A, 'GET', '/api/catalogue/products');
  expect(picker.json().data.length).toBeGreaterThan(0);
});
afterAll(() => t.close());

const grant = (granted: readonly string[]) =>
  t.app.inject({
    method: 'PUT',
    url: `/sandbox/api/shops/${SHOP_A}/access-scopes`,
    payload: { granted },
  });

describe('scopes granted on the local Shopify', () => {
  it("fails the product picker with Shopify's ACCESS_DENIED once write_products is revoked, and serves it with shopify.app.toml's scopes", async () => {
    expect((await t.app.inject(`/sandbox/api/shops/${SHOP_A}/access-scopes`)).json()).toEqual({
      declared,
      granted: declared,
    });
    const narrowed = declared.filter((scope) => scope !== 'write_products');
    const revoked = await grant(narrowed);
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json()).toMatchObject({
      granted: narrowed,
      webhook: { topic: 'app/scopes_update', statusCode: 200 },
    });

    const picker = await call(t, SHOP_A, 'GET', '/api/catalogue/products');
    expect(picker.statusCode, picker.body).toBeGreaterThanOrEqual(500);
    const error = await t.deps.platform.listProducts(SHOP_A, { first: 5 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ShopifyGraphqlError);
    expect((error as ShopifyGraphqlError).errors[0]).toMatchObject({
      message: 'Access denied for products field. Required access: `read_products` access scope.',
      extensions: { code: 'ACCESS_DENIED', requiredAccess: '`read_products` access scope.' },
    });

    const restored = await grant(declared);
    expect(restored.json().granted).toEqual(declared);
    const again = await call(t, SHOP_A, 'GET', '/api/catalogue/products');
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data.length).toBeGreaterThan(0);

    const sent = await t.deps.database.db
      .select({ body: sandboxWebhookDeliveries.body })
      .from(sandboxWebhookDeliveries)
      .where(
        and(
          eq(sandboxWebhookDeliveries.shopDomain, SHOP_A),
          eq(sandboxWebhookDeliveries.topic, 'app/scopes_update'),
        ),
      );
    expect(sent.map((row) => JSON.parse(row.body).current)).toEqual([narrowed, declared]);
  });

  it('refuses a scope shopify.app.toml does not declare, changing nothing', async () => {
    const answer = await grant([...declared, 'write_customers']);
    expect(answer.statusCode).toBe(400);
    expect(
      (await t.app.inject(`/sandbox/api/shops/${SHOP_A}/access-scopes`)).json().granted,
    ).toEqual(declared);
  });
});
