import { createServer } from 'node:net';
import type { FastifyInstance } from 'fastify';
import WebSocket from 'ws';

/** Listens on a free port (once) and answers its origin, for WebSocket tests. */
export async function listening(app: FastifyInstance): Promise<string> {
  const address = app.server.address();
  if (address && typeof address === 'object') return `127.0.0.1:${address.port}`;
  await app.listen({ port: 0, host: '127.0.0.1' });
  const bound = app.server.address();
  if (!bound || typeof bound !== 'object') throw new Error('not listening');
  return `127.0.0.1:${bound.port}`;
}

/** Opens the studio's ingest socket (Go live's answer, with its ticket) on the app's port. */
export async function openIngest(app: FastifyInstance, ingestUrl: string) {
  const host = await listening(app);
  const url = new URL(ingestUrl);
  return connectIngest(`ws://${host}${url.pathname}${url.search}`);
}

/** The studio's camera socket at `url` (ws://host/…/ingest?ticket=…), open. */
export async function connectIngest(url: string): Promise<WebSocket> {
  const ws = new WebSocket(url);
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
    ws.once('unexpected-response', (_request, response) =>
      reject(new Error(`ingest refused: ${response.statusCode}`)),
    );
  });
  return ws;
}

export function closeSocket(ws: WebSocket): Promise<void> {
  return new Promise((resolve) => {
    ws.once('close', () => resolve());
    ws.close(1000);
  });
}

/** A port free now, for a service whose links must name its address before it listens. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
    probe.on('error', reject);
  });
}
