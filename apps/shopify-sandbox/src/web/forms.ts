import type { FastifyInstance } from 'fastify';
import { forbidden } from './http-error';

/**
 * HTML forms across the local Shopify (control page, theme editor, approval page, the theme's cart
 * forms, token exchange's form body): urlencoded bodies parsed to flat objects, and POSTs from
 * another site refused, so a page elsewhere cannot reset a shop or flip flags through a visitor.
 */
export function acceptForms(app: FastifyInstance): void {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 16 * 1024 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
  app.addHook('onRequest', async (request) => {
    if (request.method === 'POST' && request.headers['sec-fetch-site'] === 'cross-site') {
      throw forbidden('Cross-site requests to the sandbox are not allowed');
    }
  });
}
