import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyPluginAsync } from 'fastify';
import type { ThemeApp } from './load-theme-app';

const FILE = /^[A-Za-z0-9][A-Za-z0-9._-]*\.(js|css|svg|png|webp|json)$/;
const TYPES: Record<string, string> = {
  js: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
  svg: 'image/svg+xml',
  png: 'image/png',
  webp: 'image/webp',
  json: 'application/json',
};

/**
 * GET /extensions/{handle}/assets/{file}: a theme app extension's assets/ file, where the
 * `asset_url` filter points (render-app-blocks.ts), as Shopify's CDN serves it: any origin may
 * load it, cached briefly (Shopify versions the URL; the sandbox serves the working copy).
 */
export const extensionAssetRoutes: FastifyPluginAsync<{ app: ThemeApp }> = async (
  fastify,
  { app },
) => {
  fastify.get<{ Params: { handle: string; file: string } }>(
    '/extensions/:handle/assets/:file',
    async (request, reply) => {
      const { handle, file } = request.params;
      const extension = app.extensions.find((e) => e.handle === handle);
      const type = FILE.exec(file)?.[1];
      const body =
        extension && type
          ? await readFile(path.join(extension.directory, 'assets', file)).catch(() => null)
          : null;
      if (!body || !type) {
        return reply.code(404).send({ error: 'Not Found', message: 'No such asset' });
      }
      return reply
        .type(TYPES[type] ?? 'application/octet-stream')
        .header('cache-control', 'public, max-age=300')
        .header('access-control-allow-origin', '*')
        .header('cross-origin-resource-policy', 'cross-origin')
        .send(body);
    },
  );
};
