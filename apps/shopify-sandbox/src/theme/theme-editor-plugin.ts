import { isShopDomain } from '@popstage/core/shop';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { acceptForms } from '../web/forms';
import { isAvailableOnTemplate } from './block-schema';
import type { ThemeApp } from './load-theme-app';
import { type DeepLink, themeEditorPage } from './theme-editor-page';
import { settingsDataJson, templateJson } from './theme-files';
import {
  applyThemeEdit,
  isTemplateName,
  type TemplateName,
  type ThemeEdit,
  ThemeEditError,
  type ThemeIds,
} from './theme-state';
import type { ThemeStateStore } from './theme-state-store';

export interface ThemeEditorPluginOptions {
  app: ThemeApp;
  store: ThemeStateStore;
  /** Ids of new embeds and blocks; Shopify-like random ones by default. */
  ids?: ThemeIds;
  /** The app's API key: deep links name a block as `<api_key>/<block handle>`. */
  apiKey?: string;
}

/** Shopify's theme editor deep links (shopify.dev, theme app extensions: deep linking). */
interface DeepLinkQuery {
  template?: string;
  context?: string;
  activateAppId?: string;
  addAppBlockId?: string;
  target?: string;
}

const EDITOR = '/store/:shop/themes/current/editor';
const EDITOR_SUFFIX = '/themes/current/editor';

type Fields = Record<string, string>;
interface ShopParams {
  shop: string;
}
interface BlockParams extends ShopParams {
  template: string;
  id: string;
}

class BadRequest extends Error {}

/**
 * The sandbox theme editor: a page per template with its app blocks and the app embeds, and the
 * form posts that change the theme, each answered by a redirect back to the page (303, so a
 * reload never posts again). Bad input is a 400 JSON `{ error, message }` and changes nothing.
 * Also serves the theme's files the app reads (settings_data.json, the JSON templates).
 */
export const themeEditorPlugin: FastifyPluginAsync<ThemeEditorPluginOptions> = async (
  fastify,
  { app, store, ids, apiKey },
) => {
  if (!fastify.hasContentTypeParser('application/x-www-form-urlencoded')) acceptForms(fastify);

  fastify.setErrorHandler((error, _request, reply) => {
    if (error instanceof BadRequest || error instanceof ThemeEditError)
      return reply.status(400).send({ error: 'Bad Request', message: error.message });
    const status = (error as { statusCode?: number }).statusCode ?? 500;
    if (status < 500)
      return reply.status(status).send({ error: 'Bad Request', message: (error as Error).message });
    throw error;
  });

  fastify.get<{ Params: ShopParams; Querystring: DeepLinkQuery }>(
    EDITOR,
    async (request, reply) => {
      const shop = validShop(request.params.shop);
      const template = validTemplate(request.query.template ?? 'index');
      const state = await store.load(shop);
      const deepLink = resolveDeepLink(app, template, request.query, apiKey);
      const page = themeEditorPage({
        app,
        state,
        shop,
        template,
        editorPath: editorPath(request),
        deepLink,
      });
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(page);
    },
  );

  fastify.get<{ Params: ShopParams }>(
    '/store/:shop/themes/current/files/config/settings_data.json',
    async (request, reply) => {
      const state = await store.load(validShop(request.params.shop));
      return reply.type('application/json; charset=utf-8').send(settingsDataJson(state));
    },
  );

  fastify.get<{ Params: ShopParams & { file: string } }>(
    '/store/:shop/themes/current/files/templates/:file',
    async (request, reply) => {
      const shop = validShop(request.params.shop);
      const template = validTemplate(request.params.file.replace(/\.json$/, ''));
      const state = await store.load(shop);
      return reply.type('application/json; charset=utf-8').send(templateJson(state, template));
    },
  );

  /** Loads the shop's theme, applies the edit, saves, and sends the merchant back to the editor. */
  async function edit(
    request: FastifyRequest<{ Params: ShopParams }>,
    reply: FastifyReply,
    template: TemplateName,
    themeEdit: ThemeEdit,
  ) {
    const shop = validShop(request.params.shop);
    const state = await store.load(shop);
    await store.save(shop, applyThemeEdit(state, themeEdit, app, ids));
    return reply.redirect(`${editorPath(request)}?template=${template}`, 303);
  }

  fastify.post<{ Params: ShopParams; Querystring: { template?: string }; Body: Fields }>(
    `${EDITOR}/embeds`,
    async (request, reply) => {
      const { type, enabled } = fields(request.body, ['type', 'enabled']);
      if (enabled !== 'true' && enabled !== 'false')
        throw new BadRequest('enabled: expected true or false');
      const template = validTemplate(request.query.template ?? 'index');
      return edit(request, reply, template, {
        kind: 'set-embed',
        type,
        enabled: enabled === 'true',
      });
    },
  );

  fastify.post<{ Params: ShopParams; Querystring: { template?: string }; Body: Fields }>(
    `${EDITOR}/embeds/settings`,
    async (request, reply) => {
      const { type, ...values } = fields(request.body, ['type']);
      const template = validTemplate(request.query.template ?? 'index');
      return edit(request, reply, template, { kind: 'set-embed-settings', type, values });
    },
  );

  fastify.post<{ Params: ShopParams & { template: string }; Body: Fields }>(
    `${EDITOR}/templates/:template/blocks`,
    async (request, reply) => {
      const { type } = fields(request.body, ['type']);
      const template = validTemplate(request.params.template);
      return edit(request, reply, template, { kind: 'add-block', template, type });
    },
  );

  /** POST …/templates/:template/blocks/:id/<action>: an edit of one block, read from the form. */
  const blockRoute = (
    action: string,
    blockEdit: (template: string, id: string, body: Fields) => ThemeEdit,
  ) =>
    fastify.post<{ Params: BlockParams; Body: Fields }>(
      `${EDITOR}/templates/:template/blocks/:id/${action}`,
      async (request, reply) => {
        const { template, id } = request.params;
        const themeEdit = blockEdit(template, id, request.body);
        return edit(request, reply, validTemplate(template), themeEdit);
      },
    );

  blockRoute('remove', (template, id) => ({ kind: 'remove-block', template, id }));
  blockRoute('move', (template, id, body) => {
    const { direction } = fields(body, ['direction']);
    if (direction !== 'up' && direction !== 'down')
      throw new BadRequest('direction: expected up or down');
    return { kind: 'move-block', template, id, direction };
  });
  blockRoute('settings', (template, id, body) => ({
    kind: 'set-block-settings',
    template,
    id,
    values: fields(body, []),
  }));
};

/**
 * What a deep link asks the editor to get ready: an app block to add to the template (Shopify
 * adds it unsaved, in a new Apps section, and the merchant saves) or an app embed to activate.
 * `<api_key>/<handle>`: another app's key, or a handle the app does not have, is a link the
 * editor cannot follow (Shopify then opens the editor as it is, with an error).
 */
function resolveDeepLink(
  app: ThemeApp,
  template: TemplateName,
  query: DeepLinkQuery,
  apiKey: string | undefined,
): DeepLink | null {
  const wanted = query.addAppBlockId ?? query.activateAppId;
  if (!wanted) return null;
  const [key, handle] = wanted.split('/');
  const definition =
    key && handle && (apiKey === undefined || key === apiKey)
      ? app.blocks.find((block) => block.handle === handle)
      : undefined;
  if (query.addAppBlockId) {
    return definition &&
      definition.schema.target === 'section' &&
      isAvailableOnTemplate(definition.schema, template)
      ? { kind: 'add-block', definition, template }
      : { kind: 'not-found', id: wanted };
  }
  return definition && definition.schema.target !== 'section'
    ? { kind: 'activate-embed', definition }
    : { kind: 'not-found', id: wanted };
}

function validShop(shop: string): string {
  if (!isShopDomain(shop)) throw new BadRequest(`${shop} is not a *.myshopify.com shop domain`);
  return shop;
}

function validTemplate(template: string): TemplateName {
  if (!isTemplateName(template)) throw new BadRequest(`unknown template ${template}`);
  return template;
}

/** The posted fields, all strings, with the required ones present. */
function fields<Name extends string>(
  body: unknown,
  required: Name[],
): Fields & Record<Name, string> {
  const values = body ?? {};
  if (typeof values !== 'object' || Array.isArray(values))
    throw new BadRequest('expected form fields');
  for (const [name, value] of Object.entries(values)) {
    if (typeof value !== 'string') throw new BadRequest(`${name}: expected a string`);
  }
  for (const name of required) {
    if (!(name in values)) throw new BadRequest(`${name} is required`);
  }
  return values as Fields & Record<Name, string>;
}

/** The editor's path as the browser sees it, whatever prefix the plugin is mounted under. */
function editorPath(request: FastifyRequest): string {
  const path = request.url.split('?')[0] ?? '';
  return path.slice(0, path.indexOf(EDITOR_SUFFIX) + EDITOR_SUFFIX.length);
}
