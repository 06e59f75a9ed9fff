import Fastify, { type FastifyInstance } from 'fastify';
import { jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HelpCenterError } from './port';
import { createZendeskHelpCenter } from './zendesk-help-center';

const KEYS = { keyId: 'app_key', sharedSecret: 'a-zendesk-shared-secret' };
const reader = { externalId: 'demo-store.myshopify.com', name: 'Demo', email: 'owner@demo.co' };

/**
 * A local fake of Zendesk's Help Center API: the three list endpoints with Zendesk's field names,
 * per_page and next_page paging, and a bearer JWT it verifies as Zendesk would.
 */
async function fakeZendesk(): Promise<{ app: FastifyInstance; base: string; seen: string[] }> {
  const app = Fastify();
  const seen: string[] = [];
  const pages: Record<string, object[][]> = {
    categories: [[{ id: 1, name: 'Basics', description: 'Start here', position: 0 }]],
    sections: [[{ id: 10, category_id: 1, name: 'First steps', position: 0 }]],
    articles: [
      [
        {
          id: 100,
          section_id: 10,
          title: 'Welcome',
          body: '<p>Hi</p>',
          draft: false,
          position: 1,
          updated_at: '2026-01-01T00:00:00Z',
        },
      ],
      [
        {
          id: 101,
          section_id: 10,
          title: 'Soon',
          body: null,
          draft: true,
          position: 2,
          updated_at: '2026-01-02T00:00:00Z',
        },
      ],
    ],
  };
  app.get<{ Params: { locale: string; resource: string }; Querystring: { page?: string } }>(
    '/api/v2/help_center/:locale/:resource',
    async (request, reply) => {
      seen.push(request.url);
      const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
      try {
        const { payload } = await jwtVerify(token, new TextEncoder().encode(KEYS.sharedSecret));
        if (payload.external_id !== reader.externalId) throw new Error('who?');
      } catch {
        return reply.code(401).send({ error: 'Couldn’t authenticate you' });
      }
      const resource = request.params.resource.replace(/\.json$/, '');
      const list = pages[resource];
      if (request.params.locale !== 'en-us' || !list) return reply.code(404).send({});
      const n = Number(request.query.page ?? '1');
      const next =
        n < list.length
          ? `${base}/api/v2/help_center/en-us/${resource}.json?page=${n + 1}&per_page=1000`
          : null;
      return { [resource]: list[n - 1], next_page: next, page: n, page_count: list.length };
    },
  );
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  return { app, base, seen };
}

let fake: Awaited<ReturnType<typeof fakeZendesk>>;
beforeAll(async () => {
  fake = await fakeZendesk();
});
afterAll(() => fake.app.close());

const helpCenter = (keys = KEYS) =>
  createZendeskHelpCenter({ baseUrl: fake.base, locale: 'en-us', keys, now: () => new Date() });

describe('the Zendesk help center adapter', () => {
  it('reads every page of categories, sections and articles as the shop’s user', async () => {
    const content = await helpCenter().content(reader);
    expect(content.categories).toEqual([
      { id: '1', name: 'Basics', description: 'Start here', position: 0 },
    ]);
    expect(content.sections).toEqual([
      { id: '10', categoryId: '1', name: 'First steps', position: 0 },
    ]);
    expect(content.articles.map((a) => [a.id, a.draft, a.body])).toEqual([
      ['100', false, '<p>Hi</p>'],
      ['101', true, ''],
    ]);
    expect(fake.seen).toContain('/api/v2/help_center/en-us/articles.json?per_page=1000');
    expect(fake.seen).toContain('/api/v2/help_center/en-us/articles.json?page=2&per_page=1000');
  });

  it('keeps a shop’s answer for a while', async () => {
    const adapter = helpCenter();
    await adapter.content(reader);
    const before = fake.seen.length;
    await adapter.content(reader);
    expect(fake.seen.length).toBe(before);
  });

  it('reports a refusal or an unreachable service as a HelpCenterError', async () => {
    const wrongKey = helpCenter({ keyId: 'x', sharedSecret: 'another-secret-entirely' });
    await expect(wrongKey.content(reader)).rejects.toThrow(HelpCenterError);
    const down = createZendeskHelpCenter({
      baseUrl: 'http://127.0.0.1:9',
      locale: 'en-us',
      keys: KEYS,
      now: () => new Date(),
    });
    await expect(down.content(reader)).rejects.toThrow(/unreachable/);
  });
});
