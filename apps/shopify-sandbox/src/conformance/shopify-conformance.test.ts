import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOCUMENTED_ANSWERS } from './documented-answers';
import { Harness } from './harness';

/**
 * The local Shopify against Shopify's documented answers (documented-answers.ts): one test per
 * answer, named with it and its source, so the run lists each answer it checks.
 */
let h: Harness;
beforeAll(async () => {
  h = await Harness.open();
});
afterAll(() => h.close());

describe('the local Shopify answers as Shopify documents', () => {
  it('checks at least 40 documented answers', () => {
    expect(DOCUMENTED_ANSWERS.length).toBeGreaterThanOrEqual(40);
  });

  it.each(DOCUMENTED_ANSWERS.map((row) => [row.answer, row.source, row] as const))(
    '%s (%s)',
    async (_answer, _source, row) => {
      const observed = await row.observe(h);
      if (row.status !== undefined) expect(observed.status).toBe(row.status);
      if (row.headers) expect(observed.headers).toMatchObject(row.headers);
      if (row.body !== undefined) expect(observed.body).toMatchObject(row.body as object);
    },
  );
});
