import { createHash } from 'node:crypto';
import {
  DASHBOARD_MAX_PAGE_SIZE,
  INSIGHTS_TEXT,
  REPORT_URL_MINUTES,
} from '@popstage/core/analytics';
import { errors, jwtVerify, SignJWT } from 'jose';
import type { ShopRow } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { storefrontShop } from '../shop';
import {
  carouselStats,
  monthly,
  popclipStats,
  shopInsightsContext,
  summary,
  weekly,
} from './insights';

/**
 * The embedded report of the looker_dashboard flag (spec 02 §7 cs-reports): a read-only page the
 * app renders itself from the Insights numbers, behind a signed URL that expires after
 * REPORT_URL_MINUTES. No third-party service sees the shop's data.
 */

type Deps = Pick<AppDeps, 'database' | 'clock' | 'platform' | 'config'>;

const AUDIENCE = 'popstage:insights-report';
export const REPORT_PATH = '/reports/insights';

/** A key of its own, derived from the app secret: a report token is never a session token. */
const reportKey = (secret: string) =>
  createHash('sha256').update(`popstage insights report\0${secret}`).digest();

/** A signed URL of the shop's report page, and when it expires. */
export async function signReportUrl(
  deps: Deps,
  shop: ShopRow,
  dashboardId: string | undefined,
): Promise<{ url: string; expiresAt: string }> {
  const now = deps.clock.now();
  const issuedAt = Math.floor(now.getTime() / 1000);
  const expires = issuedAt + REPORT_URL_MINUTES * 60;
  const token = await new SignJWT({
    dom: shop.shopifyDomain,
    ...(dashboardId ? { dsh: dashboardId } : {}),
  })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(shop.id)
    .setAudience(AUDIENCE)
    .setIssuedAt(issuedAt)
    .setExpirationTime(expires)
    .sign(reportKey(deps.config.SHOPIFY_API_SECRET));
  const base = deps.config.APP_URL.replace(/\/$/, '');
  // ?shop= lets the page be framed by the shop's admin (frame-ancestors, app.ts).
  const url = `${base}${REPORT_PATH}?shop=${encodeURIComponent(shop.shopifyDomain)}&token=${token}`;
  return { url, expiresAt: new Date(expires * 1000).toISOString() };
}

/** The shop a report token names, or undefined when it is forged, expired or the shop is gone. */
export async function verifyReportToken(deps: Deps, token: string): Promise<ShopRow | undefined> {
  try {
    const { payload } = await jwtVerify(token, reportKey(deps.config.SHOPIFY_API_SECRET), {
      audience: AUDIENCE,
      algorithms: ['HS256'],
      currentDate: deps.clock.now(),
    });
    if (typeof payload.dom !== 'string') return undefined;
    const shop = await storefrontShop(deps.database.db, payload.dom);
    return shop && shop.id === payload.sub ? shop : undefined;
  } catch (error) {
    if (error instanceof errors.JOSEError) return undefined;
    throw error;
  }
}

const html = (value: unknown) =>
  String(value ?? '').replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

function table(caption: string, headers: string[], rows: unknown[][]): string {
  const head = headers.map((h) => `<th scope="col">${html(h)}</th>`).join('');
  const body =
    rows.length === 0
      ? `<tr><td colspan="${headers.length}">${html(INSIGHTS_TEXT.noData)}</td></tr>`
      : rows
          .map((row) => `<tr>${row.map((cell) => `<td>${html(cell)}</td>`).join('')}</tr>`)
          .join('');
  return `<section><h2>${html(caption)}</h2><div class="scroll"><table><thead><tr>${head}</tr></thead><tbody>${body}</tbody></table></div></section>`;
}

const STYLE = `body{font:14px/1.4 -apple-system,BlinkMacSystemFont,"San Francisco","Segoe UI",Roboto,sans-serif;margin:0;padding:16px;color:#303030;background:#f1f1f1}
h1{font-size:20px;margin:0 0 4px}h2{font-size:16px;margin:24px 0 8px}p{margin:0 0 12px;color:#616161}
.cards{display:grid;grid-template-columns:repeat(auto-fill,minmax(150px,1fr));gap:8px}
.card{background:#fff;border-radius:12px;padding:12px;box-shadow:0 1px 0 rgba(0,0,0,.07)}
.card b{display:block;font-size:20px}.scroll{overflow-x:auto;background:#fff;border-radius:12px}
table{border-collapse:collapse;width:100%}th,td{padding:8px 12px;text-align:left;border-bottom:1px solid #ebebeb;white-space:nowrap}
th{font-weight:600;background:#f7f7f7}`;

/** The report page: the last 30 days in the shop's time zone, 7-day attribution window. */
export async function renderReport(deps: Deps, shop: ShopRow): Promise<string> {
  const ctx = await shopInsightsContext(deps, shop, { window: 7, compare: false });
  const pageQuery = {
    shop_id: shop.shopifyDomain,
    window: 7 as const,
    compare: false,
    limit: DASHBOARD_MAX_PAGE_SIZE,
  };
  const [total, weeks, months, clips, carousels] = await Promise.all([
    summary(deps, ctx),
    weekly(deps, ctx),
    monthly(deps, ctx),
    popclipStats(deps, ctx, pageQuery),
    carouselStats(deps, ctx, pageQuery),
  ]);
  const money = (amount: string) => `${amount} ${ctx.currency}`;
  const cards = [
    ['Views', total.views],
    ['Clicks', total.clicks],
    ['Add to carts', total.add_to_carts],
    ['Sales', money(total.sales)],
    ['Popclips uploaded', total.popclips_uploaded],
    ['Direct sales', money(total.direct_sales)],
    ['Indirect sales', money(total.indirect_sales)],
    ['Influenced sales', money(total.influenced_sales)],
  ]
    .map(([label, value]) => `<div class="card">${html(label)}<b>${html(value)}</b></div>`)
    .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>Insights report · ${html(shop.shopName)}</title><style>${STYLE}</style></head><body>
<h1>Insights report: ${html(shop.shopName)}</h1>
<p>${html(ctx.range.from)} to ${html(ctx.range.to)} · days, ISO weeks and calendar months in ${html(ctx.timeZone)} · sales credited within 7 days · read-only</p>
<div class="cards">${cards}</div>
${table(
  'Weekly',
  ['Week', 'From', 'To', 'Views', 'Clicks', 'Orders', 'Sales', 'Click rate %', 'Sales change %'],
  weeks.map((w) => [
    w.week_no,
    w.from,
    w.to,
    w.views,
    w.clicks,
    w.orders,
    money(w.sales),
    w.click_rate_percentage,
    w.sales_change_percentage ?? '',
  ]),
)}
${table(
  'Monthly',
  ['Month', 'Orders', 'Sales', 'Direct', 'Indirect', 'Influenced'],
  months.map((m) => [
    m.month_and_year,
    m.orders,
    money(m.sales),
    money(m.direct_sales),
    money(m.indirect_sales),
    money(m.influenced_sales),
  ]),
)}
${table(
  'Popclips',
  ['Popclip', 'Views', 'Clicks', 'Add to carts', 'Orders', 'Sales'],
  clips.items.map((c) => [
    c.popclip_title,
    c.views,
    c.clicks,
    c.add_to_carts,
    c.orders,
    money(c.sales),
  ]),
)}
${table(
  'Carousels',
  ['Carousel', 'Popclips', 'Views', 'Clicks', 'Orders', 'Sales'],
  carousels.items.map((c) => [
    c.carousel_title,
    c.popclips,
    c.views,
    c.clicks,
    c.orders,
    money(c.sales),
  ]),
)}
</body></html>`;
}

/** What an unknown, forged or expired link answers (the spec's report text). */
export const REPORT_NOT_FOUND_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Insights report</title><style>${STYLE}</style></head><body><p>${html(INSIGHTS_TEXT.reportNotFound)}</p></body></html>`;
