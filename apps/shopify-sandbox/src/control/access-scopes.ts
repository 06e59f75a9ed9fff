import { isShopDomain } from '@popstage/core/shop';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { SandboxContext } from '../context';
import { type Html, html } from '../web/html';
import type { WebhookDelivery } from '../webhooks/delivery';
import { requireSandboxShop } from './service';

/**
 * The control page's access scope section: what the merchant granted the app on a shop, narrowed
 * as a merchant revoking scopes would (Shopify's `appRevokeAccessScopes`), or granted back to what
 * shopify.app.toml declares (the merchant approving the app's scopes). The Admin and Storefront
 * APIs enforce the grant per field; the app gets `app/scopes_update`.
 */

const shopParams = z.object({
  shop: z.string().max(255).refine(isShopDomain, 'Invalid shop domain'),
});
const scopeName = z.string().regex(/^[a-z_]{3,80}$/, 'Invalid scope');
/** A form sends one `scope` per ticked box: none, one (a string) or several. */
const scopesForm = z.object({
  scope: z.union([scopeName, z.array(scopeName).max(100)]).optional(),
});

export interface AccessScopeOptions {
  ctx: SandboxContext;
  /** The scopes shopify.app.toml declares: the most a merchant can grant. */
  declared: readonly string[];
}

export const accessScopeRoutes: FastifyPluginAsyncZod<AccessScopeOptions> = async (
  app,
  options,
) => {
  const { ctx, declared } = options;

  /** Sets the shop's grant to `wanted` (within what the app declares) and tells the app. */
  const grant = async (domain: string, wanted: readonly string[]) => {
    await requireSandboxShop(ctx, domain);
    const previous = await ctx.tokens.shopScopes(domain);
    if (!previous) return { installed: false as const };
    const current = declared.filter((scope) => wanted.includes(scope));
    await ctx.tokens.setGrantedScopes(domain, current);
    const delivery = await ctx.webhooks.send('app/scopes_update', domain, {
      id: null,
      previous,
      current,
      updated_at: ctx.now().toISOString(),
    });
    return { installed: true as const, granted: current, delivery };
  };

  app.get('/api/shops/:shop/access-scopes', { schema: { params: shopParams } }, async (request) => {
    await requireSandboxShop(ctx, request.params.shop);
    return { declared, granted: await ctx.tokens.shopScopes(request.params.shop) };
  });

  app.put(
    '/api/shops/:shop/access-scopes',
    { schema: { params: shopParams, body: z.object({ granted: z.array(scopeName).max(100) }) } },
    async (request, reply) => {
      const unknown = request.body.granted.filter((scope) => !declared.includes(scope));
      if (unknown.length > 0) {
        return reply.code(400).send({
          error: 'Bad Request',
          message: `The app does not declare ${unknown.join(', ')} in shopify.app.toml`,
        });
      }
      const result = await grant(request.params.shop, request.body.granted);
      if (!result.installed) {
        return reply.code(409).send({ error: 'Conflict', message: 'The app is not installed' });
      }
      return { granted: result.granted, webhook: deliveryOf(result.delivery) };
    },
  );

  app.post(
    '/shops/:shop/access-scopes',
    { schema: { params: shopParams, body: scopesForm } },
    async (request, reply) => {
      const ticked = request.body.scope;
      await grant(request.params.shop, ticked === undefined ? [] : [ticked].flat());
      return reply.redirect(`/sandbox#${encodeURIComponent(request.params.shop)}`, 303);
    },
  );
};

function deliveryOf(delivery: WebhookDelivery | null) {
  return delivery ? { topic: delivery.topic, statusCode: delivery.statusCode } : null;
}

/** The section: a box per declared scope, ticked while granted. */
export function accessScopesSection(
  domain: string,
  declared: readonly string[],
  granted: readonly string[] | null,
): Html {
  const base = `/sandbox/shops/${encodeURIComponent(domain)}`;
  if (!granted) {
    return html`<h3>Access scopes</h3>
  <p class="muted">Granted when the app is installed (its first open): the scopes shopify.app.toml declares.</p>`;
  }
  const narrowed = declared.filter((scope) => !granted.includes(scope));
  return html`<h3>Access scopes</h3>
  <p class="muted">What the merchant granted Popstage. Untick a scope to revoke it: the Admin and Storefront APIs then answer ACCESS_DENIED for what needs it, and the app gets <code>app/scopes_update</code>.${narrowed.length > 0 ? html` Revoked: ${narrowed.join(', ')}.` : ''}</p>
  <form method="post" action="${base}/access-scopes">
    <div class="row">${declared.map(
      (scope) =>
        html`<label class="inline"><input type="checkbox" name="scope" value="${scope}"${granted.includes(scope) ? ' checked' : ''}> <code>${scope}</code></label> `,
    )}</div>
    <button type="submit">Save granted scopes</button>
  </form>
  <form class="row" method="post" action="${base}/access-scopes">
    ${declared.map((scope) => html`<input type="hidden" name="scope" value="${scope}">`)}
    <span>Grant every scope shopify.app.toml declares, as a merchant approving the app's access.</span>
    <button type="submit"${narrowed.length === 0 ? ' disabled' : ''}>Grant declared scopes</button>
  </form>`;
}
