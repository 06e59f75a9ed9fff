import { sessionToken } from '@popstage/testkit/shop';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readAppConfig } from '../app-config';
import { API_VERSION } from '../schema/load-schema';
import { createAccessTokens } from '../store/access-tokens';
import { DEMO_SHOP, OTHER_SHOP } from '../store/shop-definitions';
import { createStorefrontTokens } from '../store/storefront-tokens';
import { createSeededTestStore, type SeededTestStore } from '../store/test-database';
import { BALANCE_EXCEEDED_MESSAGE } from '../store/usage-records';
import { loadThemeApp } from '../theme/load-theme-app';
import { createThemeStates } from '../theme/theme-states';
import { adminApiPlugin } from './plugin';

/**
 * Usage billing on the local Shopify, over the Admin GraphQL API as the app calls it: a usage
 * line item beside the recurring one, appUsageRecordCreate with its cap, currency, idempotency and
 * ownership checks, and the balance the subscription then shows.
 */
const APP = {
  apiKey: 'test-key',
  apiSecret: 'test-secret-at-least-16',
  scopes: readAppConfig().scopes.join(','),
  channelSpecifications: readAppConfig().channelSpecifications,
};

let database: SeededTestStore;
let app: FastifyInstance;
const clock = Date.now();

const graphqlAs =
  (shop: string, token: string) =>
  async (query: string, variables = {}) => {
    const answer = await app.inject({
      method: 'POST',
      url: `/${shop}/admin/api/${API_VERSION}/graphql.json`,
      headers: { 'x-shopify-access-token': token },
      payload: { query, variables },
    });
    expect(answer.statusCode).toBe(200);
    const body = answer.json();
    expect(body.errors).toBeUndefined();
    return body.data;
  };

async function accessToken(shop: string): Promise<string> {
  const answer = await app.inject({
    method: 'POST',
    url: `/${shop}/admin/oauth/access_token`,
    payload: {
      client_id: APP.apiKey,
      client_secret: APP.apiSecret,
      grant_type: 'urn:ietf:params:oauth:grant-type:token-exchange',
      subject_token: await sessionToken(
        { apiKey: APP.apiKey, apiSecret: APP.apiSecret },
        shop,
        clock,
      ),
      subject_token_type: 'urn:ietf:params:oauth:token-type:id_token',
      requested_token_type: 'urn:shopify:params:oauth:token-type:offline-access-token',
    },
  });
  expect(answer.statusCode).toBe(200);
  return answer.json().access_token;
}

const CREATE = /* GraphQL */ `
  mutation Create($lineItems: [AppSubscriptionLineItemInput!]!) {
    appSubscriptionCreate(name: "Live", returnUrl: "https://app.example/return", lineItems: $lineItems) {
      appSubscription {
        id
        lineItems {
          id
          plan {
            pricingDetails {
              __typename
              ... on AppUsagePricing { cappedAmount { amount currencyCode } balanceUsed { amount currencyCode } terms }
            }
          }
        }
      }
      userErrors { field message }
    }
  }
`;

const RECORD = /* GraphQL */ `
  mutation Record($id: ID!, $price: MoneyInput!, $description: String!, $key: String) {
    appUsageRecordCreate(subscriptionLineItemId: $id, price: $price, description: $description, idempotencyKey: $key) {
      appUsageRecord {
        id description price { amount currencyCode } idempotencyKey
        subscriptionLineItem { id plan { pricingDetails { ... on AppUsagePricing { balanceUsed { amount } } } } }
      }
      userErrors { field message }
    }
  }
`;

const ACTIVE = /* GraphQL */ `
  {
    currentAppInstallation {
      activeSubscriptions {
        lineItems {
          id
          plan { pricingDetails { __typename ... on AppUsagePricing { balanceUsed { amount } cappedAmount { amount } } } }
        }
      }
    }
  }
`;

const recurring = {
  plan: { appRecurringPricingDetails: { price: { amount: '29.99', currencyCode: 'USD' } } },
};
const usage = (amount: string, currencyCode = 'USD') => ({
  plan: {
    appUsagePricingDetails: {
      cappedAmount: { amount, currencyCode },
      terms: '5% of sales from live shows and replays',
    },
  },
});

type Gql = ReturnType<typeof graphqlAs>;

/** Creates and approves a charge with a usage line item; answers the usage line item id. */
async function activeUsageLineItem(gql: Gql, cap: string): Promise<string> {
  const data = await gql(CREATE, { lineItems: [recurring, usage(cap)] });
  const created = data.appSubscriptionCreate;
  expect(created.userErrors).toEqual([]);
  const line = created.appSubscription.lineItems.find(
    (item: { plan: { pricingDetails: { __typename: string } } }) =>
      item.plan.pricingDetails.__typename === 'AppUsagePricing',
  );
  expect(line.plan.pricingDetails).toEqual({
    __typename: 'AppUsagePricing',
    cappedAmount: { amount: cap, currencyCode: 'USD' },
    balanceUsed: { amount: '0.00', currencyCode: 'USD' },
    terms: '5% of sales from live shows and replays',
  });
  const numeric = Number(/AppSubscription\/(\d+)/.exec(created.appSubscription.id)?.[1]);
  const approved = await database.store.approveAppSubscription(numeric);
  expect(approved?.changed).toBe(true);
  return line.id;
}

let demo: Gql;
let other: Gql;

beforeAll(async () => {
  database = await createSeededTestStore();
  app = Fastify();
  await app.register(adminApiPlugin, {
    store: database.store,
    themes: createThemeStates(database.db, loadThemeApp()),
    tokens: createAccessTokens(database.db, () => new Date(clock)),
    storefrontTokens: createStorefrontTokens(database.db, () => new Date(clock)),
    app: APP,
    now: () => clock,
  });
  demo = graphqlAs(DEMO_SHOP, await accessToken(DEMO_SHOP));
  other = graphqlAs(OTHER_SHOP, await accessToken(OTHER_SHOP));
});

afterAll(async () => {
  await app.close();
  await database.close();
});

describe('appUsageRecordCreate', () => {
  it('charges once per idempotency key, and the subscription shows the balance used', async () => {
    const lineItem = await activeUsageLineItem(demo, '100.00');
    const charge = (key: string, amount = '12.34') =>
      demo(RECORD, {
        id: lineItem,
        price: { amount, currencyCode: 'USD' },
        description: 'Live fee, order #1001',
        key,
      });
    const first = (await charge('order-1')).appUsageRecordCreate;
    expect(first.userErrors).toEqual([]);
    expect(first.appUsageRecord).toMatchObject({
      id: expect.stringMatching(/^gid:\/\/shopify\/AppUsageRecord\/\d+$/),
      price: { amount: '12.34', currencyCode: 'USD' },
      idempotencyKey: 'order-1',
      subscriptionLineItem: {
        id: lineItem,
        plan: { pricingDetails: { balanceUsed: { amount: '12.34' } } },
      },
    });
    // A retry, even one claiming another amount, answers the first record: no second charge.
    const again = (await charge('order-1', '50.00')).appUsageRecordCreate;
    expect(again).toEqual(first);
    const [usageRecords] = [await database.store.listAppUsageRecords(DEMO_SHOP)];
    expect(usageRecords.filter((r) => r.idempotencyKey === 'order-1')).toHaveLength(1);

    const second = (await charge('order-2', '0.66')).appUsageRecordCreate;
    expect(second.userErrors).toEqual([]);
    const active = await demo(ACTIVE);
    const usageLine = active.currentAppInstallation.activeSubscriptions
      .flatMap((s: { lineItems: unknown[] }) => s.lineItems)
      .find((item: { id: string }) => item.id === lineItem);
    expect(usageLine.plan.pricingDetails.balanceUsed.amount).toBe('13.00');
  });

  it('refuses a price that would take the balance over the capped amount, keeping the rest', async () => {
    const lineItem = await activeUsageLineItem(demo, '10.00');
    const charge = (amount: string, key: string) =>
      demo(RECORD, {
        id: lineItem,
        price: { amount, currencyCode: 'USD' },
        description: 'fee',
        key,
      });
    expect((await charge('9.99', 'a')).appUsageRecordCreate.userErrors).toEqual([]);
    const over = (await charge('0.02', 'b')).appUsageRecordCreate;
    expect(over.appUsageRecord).toBeNull();
    expect(over.userErrors).toEqual([{ field: ['price'], message: BALANCE_EXCEEDED_MESSAGE }]);
    // The last cent still fits: the cap is inclusive.
    expect((await charge('0.01', 'c')).appUsageRecordCreate.userErrors).toEqual([]);
    expect((await charge('0.01', 'd')).appUsageRecordCreate.userErrors[0].message).toBe(
      BALANCE_EXCEEDED_MESSAGE,
    );
  });

  it('lets concurrent charges together stay within the cap', async () => {
    const lineItem = await activeUsageLineItem(demo, '5.00');
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        demo(RECORD, {
          id: lineItem,
          price: { amount: '1.00', currencyCode: 'USD' },
          description: 'fee',
          key: `concurrent-${index}`,
        }),
      ),
    );
    const charged = answers.filter((a) => a.appUsageRecordCreate.appUsageRecord !== null);
    expect(charged).toHaveLength(5);
  });

  it("refuses another currency than the cap's", async () => {
    const lineItem = await activeUsageLineItem(demo, '100.00');
    const answer = (
      await demo(RECORD, {
        id: lineItem,
        price: { amount: '1.00', currencyCode: 'EUR' },
        description: 'fee',
        key: 'eur',
      })
    ).appUsageRecordCreate;
    expect(answer.appUsageRecord).toBeNull();
    expect(answer.userErrors[0].field).toEqual(['price']);
    expect(answer.userErrors[0].message).toMatch(/USD/);
  });

  it("refuses another shop's, an unknown and a recurring line item alike, charging nothing", async () => {
    const lineItem = await activeUsageLineItem(demo, '100.00');
    const before = (await database.store.listAppUsageRecords(DEMO_SHOP)).length;
    const record = (gql: Gql, id: string) =>
      gql(RECORD, {
        id,
        price: { amount: '1.00', currencyCode: 'USD' },
        description: 'x',
        key: id,
      });
    const stolen = (await record(other, lineItem)).appUsageRecordCreate;
    const unknown = (
      await record(demo, 'gid://shopify/AppSubscriptionLineItem/999999999?v=1&index=1')
    ).appUsageRecordCreate;
    expect(stolen).toEqual(unknown);
    expect(stolen.userErrors[0].field).toEqual(['subscriptionLineItemId']);
    const recurringLine = lineItem.replace(/\?.*$/, '');
    const notUsage = (await record(demo, recurringLine)).appUsageRecordCreate;
    expect(notUsage.appUsageRecord).toBeNull();
    expect((await database.store.listAppUsageRecords(DEMO_SHOP)).length).toBe(before);
    expect(await database.store.listAppUsageRecords(OTHER_SHOP)).toEqual([]);
  });

  it('refuses a line item whose charge is not active (pending or cancelled)', async () => {
    const data = await demo(CREATE, { lineItems: [recurring, usage('50.00')] });
    const pendingLine = data.appSubscriptionCreate.appSubscription.lineItems[1].id;
    const answer = (
      await demo(RECORD, {
        id: pendingLine,
        price: { amount: '1.00', currencyCode: 'USD' },
        description: 'fee',
        key: 'pending',
      })
    ).appUsageRecordCreate;
    expect(answer.appUsageRecord).toBeNull();
    expect(answer.userErrors[0].message).toMatch(/not active/);
  });

  it('refuses a usage cap in another currency than the recurring price', async () => {
    const data = await demo(CREATE, { lineItems: [recurring, usage('50.00', 'EUR')] });
    expect(data.appSubscriptionCreate.appSubscription).toBeNull();
    expect(data.appSubscriptionCreate.userErrors).toHaveLength(1);
  });
});
