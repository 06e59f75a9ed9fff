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

/** Opens the studio's ingest socket as the browser would (token in ?key=). */
export async function openIngest(app: FastifyInstance, ingestUrl: string, token: string) {
  const host = await listening(app);
  return connectIngest(`ws://${host}${new URL(ingestUrl).pathname}`, token);
}

/** The studio's camera socket at `url` (ws://host/…/ingest), open. */
export async function connectIngest(url: string, token: string): Promise<WebSocket> {
  const ws = new WebSocket(`${url}?key=${encodeURIComponent(token)}`);
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
