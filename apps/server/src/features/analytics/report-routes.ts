import type { FastifyInstance } from 'fastify';
import { localAdminOrigin } from '../../http/shopify-admin';
import { REPORT_NOT_FOUND_PAGE, REPORT_PATH, renderReport, verifyReportToken } from './report';

/**
 * The signed, read-only report page (public: the signed URL is the credential). Never cached,
 * never sent as a referrer, kept out of search engines.
 */
export async function reportPageRoutes(app: FastifyInstance): Promise<void> {
  const { deps } = app;
  app.get<{ Querystring: { token?: string } }>(REPORT_PATH, async (request, reply) => {
    reply
      .header('cache-control', 'no-store')
      .header('referrer-policy', 'no-referrer')
      .header('x-robots-tag', 'noindex')
      .type('text/html; charset=utf-8');
    const token = typeof request.query.token === 'string' ? request.query.token : '';
    const shop = token && token.length <= 2048 ? await verifyReportToken(deps, token) : undefined;
    // No script, inline styles only; framed by the app itself (the admin's Insights page) inside
    // the shop's admin: every ancestor must be allowed, the app's own origin included.
    const alone = localAdminOrigin(deps.config);
    const ancestors =
      deps.config.PLATFORM === 'sandbox'
        ? `'self'${alone ? ` ${alone}` : ''}`
        : `'self' https://${shop?.shopifyDomain ?? 'admin.shopify.com'} https://admin.shopify.com${alone ? ` ${alone}` : ''}`;
    reply.header(
      'content-security-policy',
      `default-src 'none'; style-src 'unsafe-inline'; frame-ancestors ${ancestors}`,
    );
    if (!shop) return reply.status(404).send(REPORT_NOT_FOUND_PAGE);
    return reply.send(await renderReport(deps, shop));
  });
}
