import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { extname, join, normalize } from 'node:path';

/**
 * A CDN edge's stand-in for the viewers bench: static files from the live service's disk
 * storage directory under /media/*, with the headers an edge would keep (playlists cached a
 * second, segments and parts for good); and the live service's LL-HLS playlist route
 * (/live-service/*, held by the origin until the asked part exists) proxied to LIVE_CDN_ORIGIN
 * with request collapsing, as LL-HLS CDNs do: viewers asking for the same part share one origin
 * request, and its answer is cached for its max-age. No application code: what a web process is
 * spared when the object store and a CDN carry the video. Started by live.bench.ts with fork();
 * LIVE_CDN_DIR, LIVE_CDN_PORT, LIVE_CDN_ORIGIN; sends `ready` over IPC.
 */
const dir = process.env.LIVE_CDN_DIR ?? '';
const port = Number(process.env.LIVE_CDN_PORT);
const origin = process.env.LIVE_CDN_ORIGIN ?? '';

interface Cached {
  status: number;
  type: string;
  cache: string;
  body: Buffer;
  expires: number;
}
const cached = new Map<string, Cached>();
const inflight = new Map<string, Promise<Cached>>();
/** Origin requests made (the figure the collapsing is for). */
let originRequests = 0;

async function fromOrigin(url: string): Promise<Cached> {
  originRequests++;
  const answer = await fetch(`${origin}${url}`);
  const cache = answer.headers.get('cache-control') ?? '';
  const maxAge = Number(/max-age=(\d+)/.exec(cache)?.[1] ?? 0);
  return {
    status: answer.status,
    type: answer.headers.get('content-type') ?? 'application/octet-stream',
    cache,
    body: Buffer.from(await answer.arrayBuffer()),
    expires: answer.ok ? Date.now() + maxAge * 1000 : 0,
  };
}

function proxied(url: string): Promise<Cached> {
  const hit = cached.get(url);
  if (hit && hit.expires > Date.now()) return Promise.resolve(hit);
  let pending = inflight.get(url);
  if (!pending) {
    pending = fromOrigin(url).finally(() => inflight.delete(url));
    pending.then((entry) => entry.expires > Date.now() && cached.set(url, entry)).catch(() => {});
    inflight.set(url, pending);
  }
  return pending;
}
setInterval(() => {
  const now = Date.now();
  for (const [url, entry] of cached) if (entry.expires <= now) cached.delete(url);
}, 5000).unref();
const TYPES: Record<string, [type: string, cache: string]> = {
  '.m3u8': ['application/vnd.apple.mpegurl', 'public, max-age=1'],
  '.ts': ['video/mp2t', 'public, max-age=31536000, immutable'],
  '.mp4': ['video/mp4', 'public, max-age=86400'],
};

const server = createServer((request, response) => {
  if (origin && request.url?.startsWith('/live-service/')) {
    proxied(request.url).then(
      (entry) =>
        response
          .writeHead(entry.status, {
            'content-type': entry.type,
            'cache-control': entry.cache,
            'content-length': entry.body.length,
            'access-control-allow-origin': '*',
          })
          .end(entry.body),
      () => response.writeHead(502).end(),
    );
    return;
  }
  const path = decodeURIComponent(new URL(request.url ?? '/', 'http://cdn').pathname);
  const kind = TYPES[extname(path)];
  const relative = normalize(path.replace(/^\/media\//, ''));
  if (!path.startsWith('/media/') || !kind || relative.startsWith('..') || /\/\./.test(path)) {
    response.writeHead(404).end();
    return;
  }
  // The disk storage renames each object into place: a read gets the old or the new file whole.
  readFile(join(dir, relative)).then(
    (body) => {
      response
        .writeHead(200, {
          'content-type': kind[0],
          'cache-control': kind[1],
          'content-length': body.length,
          'access-control-allow-origin': '*',
        })
        .end(body);
    },
    () => response.writeHead(404).end(),
  );
});
server.keepAliveTimeout = 30_000;
server.listen(port, '127.0.0.1', () => process.send?.({ type: 'ready' }));
process.on('message', (message) => {
  if (message === 'stop') process.exit(0);
  if (message === 'stats') process.send?.({ type: 'stats', originRequests });
});
process.on('disconnect', () => process.exit(0));
process.on('SIGTERM', () => process.exit(0));
