import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { API_VERSION, loadSchema } from '../schema/load-schema';
import { requiredAccess } from '../schema/required-access';
import { type GraphqlAnswer, type GraphqlRequestBody, type Resolvers, runGraphql } from './execute';
import { LeakyBucket } from './leaky-bucket';

const schema = loadSchema('admin');

const resolvers: Resolvers<{ shopName: string }> = {
  query: {
    shop: (_args, context) => ({ name: context.shopName, currencyCode: 'USD', email: null }),
    products: (args: { first: number }) => ({
      nodes: Array.from({ length: Number(args.first) }, (_, i) => ({
        id: `gid://shopify/Product/${i}`,
        title: { text: 'A' },
      })),
    }),
  },
};

async function run(body: GraphqlRequestBody, bucket = new LeakyBucket()): Promise<GraphqlAnswer> {
  const reply = await runGraphql({
    schema,
    resolvers,
    context: { shopName: 'Demo' },
    body,
    bucket,
  });
  expect(reply.status).toBe(200);
  return reply.body as GraphqlAnswer;
}

describe('runGraphql on the published Admin schema', () => {
  it('answers data with the cost and the bucket, as Shopify does', async () => {
    const answer = await run({ query: '{ shop { name currencyCode } }' });
    expect(answer.data).toEqual({ shop: { name: 'Demo', currencyCode: 'USD' } });
    expect(answer.extensions?.cost).toEqual({
      requestedQueryCost: 1,
      actualQueryCost: 1,
      throttleStatus: { maximumAvailable: 2000, currentlyAvailable: 1999, restoreRate: 100 },
    });
  });

  it("refuses a field the schema does not have in Shopify's undefinedField shape", async () => {
    const answer = await run({ query: 'query Names {\n  shop { name colour } }' });
    expect(answer.data).toBeUndefined();
    expect(answer.errors).toEqual([
      {
        message: "Field 'colour' doesn't exist on type 'Shop'",
        locations: [{ line: 2, column: 15 }],
        path: ['query Names', 'shop', 'colour'],
        extensions: { code: 'undefinedField', typeName: 'Shop', fieldName: 'colour' },
      },
    ]);
  });

  it('names a field the local Shopify does not serve instead of answering null', async () => {
    const answer = await run({ query: '{ shop { name ianaTimezone } }' });
    expect(answer.errors?.[0]).toMatchObject({
      message: "Field 'Shop.ianaTimezone' is not served by the local Shopify.",
      extensions: { code: 'NOT_IMPLEMENTED' },
    });
  });

  it('fails a resolver that answers what the real schema would not', async () => {
    const wrongType = await run({ query: '{ products(first: 1) { nodes { id title } } }' });
    expect(wrongType.errors?.[0]?.message).toMatch(/String cannot represent value: { text: "A" }/);
    const missingNonNull = await run({ query: '{ shop { email } }' });
    expect(missingNonNull.errors?.[0]?.message).toMatch(/non-nullable field Shop.email/);
  });

  it('answers MAX_COST_EXCEEDED over 1,000 points without running the query', async () => {
    const answer = await run({
      query: '{ products(first: 250) { nodes { id variants(first: 10) { nodes { id } } } } }',
    });
    expect(answer.data).toBeUndefined();
    expect(answer.errors?.[0]?.extensions).toEqual({
      code: 'MAX_COST_EXCEEDED',
      cost: 2 + 250 * (1 + 2 + 10),
      maxCost: 1000,
      documentation: 'https://shopify.dev/api/usage/rate-limits',
    });
    expect(answer.extensions?.cost.requestedQueryCost).toBe(3252);
  });

  it('answers THROTTLED once a burst empties the bucket', async () => {
    const bucket = new LeakyBucket(() => 0, { maximumAvailable: 1000, restoreRate: 100 });
    const query = '{ products(first: 240) { nodes { id } } }';
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push(await run({ query }, bucket));
    expect(answers.map((a) => a.errors?.[0]?.extensions?.code ?? 'ok')).toEqual([
      'ok',
      'ok',
      'ok',
      'ok',
      'THROTTLED',
    ]);
    expect(answers[4]?.extensions?.cost.throttleStatus.currentlyAvailable).toBe(1000 - 4 * 242);
  });
});

describe('variables, costs and refusals as Shopify answers them', () => {
  const productsQuery = 'query P($first: Int!) { products(first: $first) { nodes { id } } }';

  it("answers a variable its type refuses with Shopify's error, costing nothing", async () => {
    const bucket = new LeakyBucket(() => 0);
    const answer = await run({ query: productsQuery, variables: { first: 2.5 } }, bucket);
    expect(answer.data).toBeUndefined();
    expect(answer.extensions).toBeUndefined();
    expect(answer.errors).toEqual([
      {
        message: 'Variable $first of type Int! was provided invalid value',
        locations: [{ line: 1, column: 9 }],
        extensions: {
          value: 2.5,
          problems: [{ path: [], explanation: 'Int cannot represent non-integer value: 2.5' }],
        },
      },
    ]);
    const missing = await run({ query: productsQuery, variables: {} }, bucket);
    expect(missing.errors?.[0]?.extensions?.problems).toEqual([
      { path: [], explanation: 'Expected value to not be null' },
    ]);
    expect(bucket.status().currentlyAvailable).toBe(2000);
  });

  it('never lets a variable make the bucket NaN (random variables)', async () => {
    const bucket = new LeakyBucket(() => 0);
    await fc.assert(
      fc.asyncProperty(fc.anything(), async (first) => {
        await run({ query: productsQuery, variables: { first } }, bucket);
        const { currentlyAvailable } = bucket.status();
        expect(Number.isInteger(currentlyAvailable)).toBe(true);
        expect(currentlyAvailable).toBeGreaterThanOrEqual(0);
        expect(currentlyAvailable).toBeLessThanOrEqual(2000);
      }),
      { numRuns: 200 },
    );
    // The bucket still throttles: it was never switched off.
    const dear = { query: productsQuery, variables: { first: 240 } };
    const codes = [];
    for (let i = 0; i < 10; i++) {
      codes.push((await run(dear, bucket)).errors?.[0]?.extensions?.code ?? 'ok');
    }
    expect(codes).toContain('THROTTLED');
  });

  it('refunds the difference between the requested and the actual cost', async () => {
    const bucket = new LeakyBucket(() => 0);
    // Asks 10 products, gets 3: requested 2 + 10 × 1, actual 2 + 3 × 1.
    const answer = await run({ query: '{ products(first: 10) { nodes { id } } }' }, bucket);
    expect(answer.extensions?.cost).toMatchObject({ requestedQueryCost: 12, actualQueryCost: 12 });
    const fewer: Resolvers<{ shopName: string }> = {
      query: {
        products: () => ({ nodes: [1, 2, 3].map((i) => ({ id: `gid://shopify/Product/${i}` })) }),
      },
    };
    const reply = await runGraphql({
      schema,
      resolvers: fewer,
      context: { shopName: 'Demo' },
      body: { query: '{ products(first: 10) { nodes { id } } }' },
      bucket,
    });
    expect((reply.body as GraphqlAnswer).extensions?.cost).toEqual({
      requestedQueryCost: 12,
      actualQueryCost: 5,
      throttleStatus: {
        maximumAvailable: 2000,
        currentlyAvailable: 2000 - 12 - 5,
        restoreRate: 100,
      },
    });
  });

  it('sizes nodes(ids:) by its ids and refuses more than 250 of them', async () => {
    const ids = (n: number) => Array.from({ length: n }, (_, i) => `gid://shopify/Product/${i}`);
    const query = 'query N($ids: [ID!]!) { nodes(ids: $ids) { id } }';
    const bucket = new LeakyBucket(() => 0);
    const few = await runGraphql({
      schema,
      resolvers: { query: { nodes: (args: { ids: string[] }) => args.ids.map(() => null) } },
      context: {},
      body: { query, variables: { ids: ids(40) } },
      bucket,
    });
    expect((few.body as GraphqlAnswer).extensions?.cost).toMatchObject({
      requestedQueryCost: 40,
      actualQueryCost: 0,
    });
    const many = await run({ query, variables: { ids: ids(251) } }, bucket);
    expect(many.errors).toEqual([
      {
        message: 'The input array size of 251 is greater than the maximum allowed of 250.',
        locations: [{ line: 1, column: 25 }],
        path: ['nodes', 'ids'],
        extensions: { code: 'MAX_INPUT_SIZE_EXCEEDED' },
      },
    ]);
  });

  it("answers 400 with Shopify's body when the query is missing", async () => {
    for (const body of [{}, { query: '' }, { query: 42 }]) {
      const reply = await runGraphql({
        schema,
        resolvers,
        context: { shopName: 'Demo' },
        body,
        bucket: null,
      });
      expect(reply).toEqual({
        status: 400,
        body: { errors: { query: 'Required parameter missing or invalid' } },
      });
    }
  });

  it("denies a field the granted scopes do not reach, in Shopify's ACCESS_DENIED shape", async () => {
    const access = (granted: string[]) => ({
      rules: requiredAccess('admin', API_VERSION),
      granted: new Set(granted),
    });
    const query = '{ shop { name } products(first: 1) { nodes { id } } }';
    const denied = await runGraphql({
      schema,
      resolvers,
      context: { shopName: 'Demo' },
      body: { query },
      bucket: null,
      access: access(['read_themes']),
    });
    const body = denied.body as GraphqlAnswer;
    expect(body.data).toBeNull();
    expect(body.errors).toEqual([
      {
        message: 'Access denied for products field. Required access: `read_products` access scope.',
        locations: [{ line: 1, column: 17 }],
        path: ['products'],
        extensions: {
          code: 'ACCESS_DENIED',
          documentation: 'https://shopify.dev/api/usage/access-scopes',
          requiredAccess: '`read_products` access scope.',
        },
      },
    ]);
    // write_products includes read_products.
    const granted = await runGraphql({
      schema,
      resolvers,
      context: { shopName: 'Demo' },
      body: { query },
      bucket: null,
      access: access(['write_products']),
    });
    expect((granted.body as GraphqlAnswer).errors).toBeUndefined();
  });
});
