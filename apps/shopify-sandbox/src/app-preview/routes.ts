import { publicMobileConfigSchema } from '@popstage/core/mobile';
import { isShopDomain } from '@popstage/core/shop';
import { storefrontContract } from '@popstage/core/storefront';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { SandboxContext } from '../context';
import { HttpError, notFound } from '../web/http-error';
import { pushDeviceScript } from './push-device';
import { PREVIEW_SCREENS, renderPreview } from './render';
import { routedContent } from './routed';

const params = z.object({
  shop: z.string().max(255).refine(isShopDomain, 'Invalid shop domain'),
});
const query = z.object({
  screen: z.enum(PREVIEW_SCREENS).default('home'),
  /** A deep link's product or collection handle (a notification's route). */
  handle: z.string().max(255).optional(),
  /** A deep link's Popclip. */
  clip: z.string().max(100).optional(),
});

/**
 * The branded app on a sandbox phone: what a real app shows, read the way a real app reads it
 * (the public /mobile/v1/config of the shop's app id, and its Popclips feed), never the app's
 * tables. Push notifications reach this device in the sandbox (issue 17).
 */
export const appPreviewRoutes: FastifyPluginAsyncZod<{ ctx: SandboxContext }> = async (
  app,
  { ctx },
) => {
  app.get(
    '/shops/:shop/app-preview',
    { schema: { params, querystring: query } },
    async (request, reply) => {
      const { shop } = request.params;
      if (!(await ctx.store.getShop(shop))) throw notFound(`Shop ${shop} is not a sandbox shop`);
      if (!ctx.operator) throw new HttpError(503, "The app's staff API is not configured");
      const appId = (await ctx.operator.shop(shop)).mobileAppId;
      if (!appId)
        throw notFound('The shop has no branded app yet: submit one in Mobile App Builder');
      const answer = await ctx.fetch(new URL(`/mobile/v1/config/${appId}`, ctx.appUrl));
      if (!answer.ok) throw new HttpError(502, `The app answered ${answer.status} for its config`);
      const config = publicMobileConfigSchema.parse(await answer.json());
      const { screen, handle, clip } = request.query;
      let feed = null;
      if (screen === 'popclips' || screen === 'popclip') {
        const feedAnswer = await ctx.fetch(config.popclipsFeedUrl);
        feed = feedAnswer.ok
          ? storefrontContract.feed.response.parse(await feedAnswer.json())
          : null;
      }
      const routed = await routedContent(ctx, shop, { screen, handle, clip }, feed);
      const device = pushDeviceScript({
        shop,
        appId,
        appUrl: ctx.appUrl,
        base: `/sandbox/shops/${encodeURIComponent(shop)}/app-preview`,
        appName: config.appName ?? config.shop.name,
        iconColour: /^#[0-9a-fA-F]{6}$/.test(config.config.primaryColor ?? '')
          ? (config.config.primaryColor as string)
          : '#000000',
      });
      return reply
        .type('text/html; charset=utf-8')
        .send(renderPreview(shop, config, screen, feed, { routed, device, appUrl: ctx.appUrl }));
    },
  );
};
