import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { extname, join, normalize } from 'node:path';

/**
 * A CDN edge's stand-in for the viewers bench: static files from the live service's disk
 * storage directory under /media/*, with the headers an edge would keep (playlists cached a
 * second, segments for good). No application code: what a web process is spared when the
 * object store and a CDN carry the video. Started by live.bench.ts with fork(); LIVE_CDN_DIR and
 * LIVE_CDN_PORT; sends `ready` over IPC.
 */
const dir = process.env.LIVE_CDN_DIR ?? '';
const port = Number(process.env.LIVE_CDN_PORT);
const TYPES: Record<string, [type: string, cache: string]> = {
  '.m3u8': ['application/vnd.apple.mpegurl', 'public, max-age=1'],
  '.ts': ['video/mp2t', 'public, max-age=31536000, immutable'],
  '.mp4': ['video/mp4', 'public, max-age=86400'],
};

const server = createServer((request, response) => {
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
process.on('message', (message) => message === 'stop' && process.exit(0));
process.on('disconnect', () => process.exit(0));
process.on('SIGTERM', () => process.exit(0));
