import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureShop } from '../features/shop';
import { createTestApp, SHOP_A, type TestApp } from '../test/app';
import { clipWithMedia } from '../test/compliance';
import { signedVisitor } from '../test/visitor';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ METRICS_TOKEN: 'metrics-token-0123456789' });
  await clipWithMedia(t, await ensureShop(t.deps, SHOP_A), 'measured');
});
afterAll(() => t.close());

const scrape = (token = 'metrics-token-0123456789') =>
  t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${token}` } });

describe('/metrics', () => {
  it('needs its token', async () => {
    expect((await scrape('wrong-token-000000000000')).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/metrics' })).statusCode).toBe(401);
  });

  it('reports latency by route pattern, queue depth and age, and ingest outcomes', async () => {
    await t.asShop(SHOP_A, 'GET', '/api/shopify/shop');
    await t.app.inject({
      method: 'POST',
      url: `/storefront/v1/shops/${SHOP_A}/events`,
      payload: {
        visitorId: signedVisitor(SHOP_A, 'measured-visitor'),
        events: [
          { type: 'view', clipId: 'measured' },
          { type: 'view', clipId: 'not-a-clip' },
        ],
      },
    });
    await t.deps.queue.send('storefront.prune-events', {});
    const res = await scrape();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    const text = res.body;
    expect(text).toMatch(
      /popstage_http_request_duration_seconds_count\{method="GET",route="\/api\/shopify\/shop",status_code="200"\} \d+/,
    );
    // Patterns, never raw URLs with their ids.
    expect(text).toContain('route="/storefront/v1/shops/:shop/events"');
    expect(text).not.toContain(SHOP_A);
    expect(text).toMatch(/popstage_storefront_events_total\{outcome="accepted"\} [1-9]/);
    expect(text).toMatch(/popstage_storefront_events_total\{outcome="rejected"\} [1-9]/);
    expect(text).toMatch(
      /popstage_job_queue_depth\{queue="storefront.prune-events",state="created"\} 1/,
    );
    expect(text).toMatch(/popstage_job_queue_oldest_seconds\{queue="storefront.prune-events"\} /);
    expect(text).toContain('popstage_job_duration_seconds');
  });
});
