import { describe, expect, it } from 'vitest';
import { loadSchema } from '../schema/load-schema';
import { type GraphqlRequestBody, type Resolvers, runGraphql } from './execute';
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

function run(body: GraphqlRequestBody, bucket = new LeakyBucket()) {
  return runGraphql({ schema, resolvers, context: { shopName: 'Demo' }, body, bucket });
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

  it("refuses a field the schema does not have with graphql-js's validation message", async () => {
    const answer = await run({ query: '{ shop { name colour } }' });
    expect(answer.data).toBeUndefined();
    expect(answer.errors?.[0]?.message).toBe('Cannot query field "colour" on type "Shop".');
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
