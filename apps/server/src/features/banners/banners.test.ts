import {
  BANNER_MESSAGES,
  type BannerRuleInput,
  POPUP_SIGNATURE_MESSAGES,
} from '@popstage/core/banners';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, SHOP_A, SHOP_B, type TestApp } from '../../test/app';
import { chargedBy, insertActiveSubscription } from '../../test/billing';
import { ensureShop } from '../shop';
import { popupSignature } from './signature';

const POPUPS = '/api/popclips/shop-popups';
const DISMISS = '/api/popclips/shop-popups/dismiss';
const RULES = '/operator/api/banner-rules';

let t: TestApp;
let staff: { authorization: string };
beforeAll(async () => {
  t = await createTestApp();
  staff = { authorization: `Bearer ${t.deps.config.OPERATOR_API_TOKEN}` };
  // SHOP_A has no plan (Free); SHOP_B is on Premium Popclips with the mobile add-on.
  const shopB = await ensureShop(t.deps, SHOP_B);
  await insertActiveSubscription(t.deps.database.db, {
    shopId: shopB.id,
    addonIds: ['addon-popclips-premium', 'addon-mobile-pro'],
    ...chargedBy('gid://shopify/AppSubscription/77', '229.98'),
    activatedAt: t.clock.now(),
  });
});
afterAll(() => t.close());

/** A call of the admin's: session token, timestamp and hashed bearer authorization. */
async function signed(
  shop: string,
  method: 'GET' | 'PUT',
  url: string,
  body?: object,
  tamper: { timestamp?: number; body?: string; signature?: string } = {},
) {
  const { authorization } = await t.auth(shop);
  const token = authorization.replace('Bearer ', '');
  const timestamp = String(tamper.timestamp ?? t.clock.now().getTime());
  const text = body === undefined ? '' : JSON.stringify(body);
  const signature =
    tamper.signature ??
    popupSignature(token, { timestamp, method, pathWithQuery: url, body: text });
  return t.app.inject({
    method,
    url,
    headers: {
      authorization,
      'x-popstage-timestamp': timestamp,
      'x-popstage-authorization': `Bearer ${signature}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { payload: tamper.body ?? text }),
  });
}

const popups = async (shop: string, page?: string) => {
  const url = `${POPUPS}?shopId=${shop}${page ? `&renderUrl=${encodeURIComponent(page)}` : ''}`;
  const res = await signed(shop, 'GET', url);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { rule_id: string; rule_name: string; render_html: string }[];
};

const rule = (over: Partial<BannerRuleInput> = {}): BannerRuleInput => ({
  rule_name: 'Upgrade offer',
  is_active: true,
  heading_text: 'Get more views',
  render_html: '<p>Upgrade <strong>today</strong></p>',
  render_url: null,
  is_external_cta_link: false,
  extras: { cta_text: 'See plans', cta_link: '/manage/plans' },
  target_plans: [],
  target_features: [],
  ...over,
});

async function createRule(input: BannerRuleInput): Promise<string> {
  const res = await t.app.inject({ method: 'POST', url: RULES, headers: staff, payload: input });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().rule.rule_id;
}

describe('the signature scheme', () => {
  it('accepts a signed call and refuses an unsigned, stale, wrong or altered one', async () => {
    expect((await signed(SHOP_A, 'GET', `${POPUPS}?shopId=${SHOP_A}`)).statusCode).toBe(200);

    const unsigned = await t.app.inject({
      method: 'GET',
      url: `${POPUPS}?shopId=${SHOP_A}`,
      headers: await t.auth(SHOP_A),
    });
    expect(unsigned.statusCode).toBe(401);
    expect(unsigned.json().message).toBe(POPUP_SIGNATURE_MESSAGES.missing);

    const stale = await signed(SHOP_A, 'GET', `${POPUPS}?shopId=${SHOP_A}`, undefined, {
      timestamp: t.clock.now().getTime() - 6 * 60_000,
    });
    expect(stale.statusCode).toBe(401);
    expect(stale.json().message).toBe(POPUP_SIGNATURE_MESSAGES.stale);

    const wrong = await signed(SHOP_A, 'GET', `${POPUPS}?shopId=${SHOP_A}`, undefined, {
      signature: 'a'.repeat(64),
    });
    expect(wrong.json().message).toBe(POPUP_SIGNATURE_MESSAGES.invalid);

    // The body signed is not the body sent.
    const id = await createRule(rule());
    const altered = await signed(
      SHOP_A,
      'PUT',
      DISMISS,
      { shop_id: SHOP_A, rule_id: id },
      {
        body: JSON.stringify({ shop_id: SHOP_A, rule_id: '00000000-0000-4000-8000-000000000000' }),
      },
    );
    expect(altered.statusCode).toBe(401);
    expect(altered.json().message).toBe(POPUP_SIGNATURE_MESSAGES.invalid);
    await t.app.inject({ method: 'DELETE', url: `${RULES}/${id}`, headers: staff });
  });

  it('signs timestamp, method, path and body as the known vector (the admin’s test has it too)', () => {
    const parts = {
      timestamp: '1700000000000',
      method: 'put',
      pathWithQuery: '/api/popclips/shop-popups/dismiss',
      body: '{"a":1}',
    };
    expect(popupSignature('token', parts)).toBe(
      '1b56bf712e09e38b9df29318f813805ae0b3e80182f240780bbd80d61bf83145',
    );
  });
});

describe('targeting and dismissal', () => {
  it('shows a rule to the plans, features and pages it targets', async () => {
    const free = await createRule(rule({ rule_name: 'Free only', target_plans: ['free'] }));
    const mobile = await createRule(
      rule({ rule_name: 'Mobile owners', target_features: ['mobile'], render_url: '/mobile/*' }),
    );
    const everyone = await createRule(rule({ rule_name: 'Everyone', render_url: '/insights' }));
    const off = await createRule(rule({ rule_name: 'Off', is_active: false }));

    const names = async (shop: string, page?: string) =>
      (await popups(shop, page)).map((b) => b.rule_name).sort();
    expect(await names(SHOP_A, '/insights')).toEqual(['Everyone', 'Free only']);
    expect(await names(SHOP_A, '/mobile/setup')).toEqual(['Free only']);
    expect(await names(SHOP_B, '/insights')).toEqual(['Everyone']);
    expect(await names(SHOP_B, '/mobile/setup')).toEqual(['Mobile owners']);
    expect(await names(SHOP_B, '/mobile')).toEqual(['Mobile owners']);
    expect(await names(SHOP_B, '/mobilex')).toEqual([]);
    // Without a page: every page's banners (the mobile screens' slot filters itself).
    expect(await names(SHOP_B)).toEqual(['Everyone', 'Mobile owners']);
    for (const id of [free, mobile, everyone, off]) {
      await t.app.inject({ method: 'DELETE', url: `${RULES}/${id}`, headers: staff });
    }
  });

  it('keeps a dismissal per shop, for good, and counts it for staff', async () => {
    const id = await createRule(rule({ rule_name: 'Dismiss me' }));
    const body = { shop_id: SHOP_A, rule_id: id };
    const first = await signed(SHOP_A, 'PUT', DISMISS, body);
    expect(first.statusCode, first.body).toBe(200);
    t.clock.advance(1000);
    const again = await signed(SHOP_A, 'PUT', DISMISS, body);
    expect(again.json().data.dismissed_at).toBe(first.json().data.dismissed_at);
    expect((await popups(SHOP_A)).map((b) => b.rule_id)).not.toContain(id);
    // The other shop still sees it.
    expect((await popups(SHOP_B)).map((b) => b.rule_id)).toContain(id);
    const list = await t.app.inject({ method: 'GET', url: RULES, headers: staff });
    expect(list.json().rules.find((r: { rule_id: string }) => r.rule_id === id).dismissals).toBe(1);
    await t.app.inject({ method: 'DELETE', url: `${RULES}/${id}`, headers: staff });
  });

  it('refuses another shop’s id (403) and an unknown rule (404), storing nothing', async () => {
    const id = await createRule(rule());
    const other = await signed(SHOP_B, 'PUT', DISMISS, { shop_id: SHOP_A, rule_id: id });
    expect(other.statusCode).toBe(403);
    expect(other.json().message).toBe(BANNER_MESSAGES.otherShop);
    const read = await signed(SHOP_B, 'GET', `${POPUPS}?shopId=${SHOP_A}`);
    expect(read.statusCode).toBe(403);
    expect((await popups(SHOP_A)).map((b) => b.rule_id)).toContain(id);
    const unknown = await signed(SHOP_A, 'PUT', DISMISS, {
      shop_id: SHOP_A,
      rule_id: '00000000-0000-4000-8000-000000000000',
    });
    expect(unknown.statusCode).toBe(404);
    await t.app.inject({ method: 'DELETE', url: `${RULES}/${id}`, headers: staff });
  });
});

describe('rules (staff API)', () => {
  it('sanitises the HTML when stored', async () => {
    const id = await createRule(
      rule({
        render_html:
          '<p onmouseover="x()">Hi<script>steal()</script><img src="https://i.example/a.png" onerror="y()"></p><iframe src="https://e.example"></iframe>',
      }),
    );
    const banner = (await popups(SHOP_A)).find((b) => b.rule_id === id);
    expect(banner?.render_html).toBe('<p>Hi<img src="https://i.example/a.png" /></p>');
    await t.app.inject({ method: 'DELETE', url: `${RULES}/${id}`, headers: staff });
  });

  it('refuses bad rules with a message, and unknown ids with 404', async () => {
    for (const [input, message] of [
      [rule({ rule_name: ' ' }), 'Name the rule'],
      [rule({ render_url: 'popclips' }), BANNER_MESSAGES.renderUrl],
      [
        rule({ extras: { cta_text: 'Go', cta_link: 'javascript:alert(1)' } }),
        BANNER_MESSAGES.ctaLink,
      ],
      [rule({ extras: { cta_text: 'Go', cta_link: '' } }), BANNER_MESSAGES.ctaPair],
    ] as const) {
      const res = await t.app.inject({
        method: 'POST',
        url: RULES,
        headers: staff,
        payload: input,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    }
    const missing = await t.app.inject({
      method: 'PUT',
      url: `${RULES}/00000000-0000-4000-8000-000000000000`,
      headers: staff,
      payload: rule(),
    });
    expect(missing.statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: RULES, headers: staff })).json().rules,
    ).toEqual([]);
  });

  it('needs the operator credential', async () => {
    const res = await t.app.inject({ method: 'GET', url: RULES, headers: await t.auth(SHOP_A) });
    expect(res.statusCode).toBe(401);
  });
});
