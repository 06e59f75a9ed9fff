import { createServer, type Http2Server, type ServerHttp2Stream } from 'node:http2';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createH2Client } from './h2-client';

/**
 * A cleartext HTTP/2 server that holds each answer until released, counting the streams open
 * on each of its sessions: what the client spreads over its connections.
 */
let server: Http2Server;
let url: string;
const held: ServerHttp2Stream[] = [];
const openBySession = new Map<object, number>();
let mostOnOneSession = 0;

beforeAll(async () => {
  server = createServer({ settings: { maxConcurrentStreams: 100 } });
  server.on('stream', (stream, headers) => {
    const session = stream.session as object;
    const open = (openBySession.get(session) ?? 0) + 1;
    openBySession.set(session, open);
    mostOnOneSession = Math.max(mostOnOneSession, open);
    stream.on('close', () => openBySession.set(session, (openBySession.get(session) ?? 1) - 1));
    let body = '';
    stream.setEncoding('utf8');
    stream.on('data', (chunk: string) => {
      body += chunk;
    });
    stream.on('end', () => {
      if (headers[':path'] === '/reset') {
        // NO_ERROR: the stream ends without an error, and without an answer.
        stream.close(0);
        return;
      }
      held.push(stream);
      stream.once('answer', () => {
        stream.respond({ ':status': 201, 'x-echo': body.length });
        stream.end(`got ${body}`);
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const release = () => {
  for (const stream of held.splice(0)) stream.emit('answer');
};

async function until(check: () => boolean) {
  while (!check()) await new Promise((resolve) => setTimeout(resolve, 5));
}

describe('HTTP/2 push client', () => {
  it('spreads requests in flight over connections, none above its stream limit', async () => {
    const client = createH2Client(url, { inFlight: 250, streamsPerConnection: 100 });
    try {
      const answers = Array.from({ length: 250 }, (_, n) =>
        client.request({ ':method': 'POST', ':path': '/send' }, `message ${n}`),
      );
      await until(() => held.length === 250);
      expect(openBySession.size).toBe(3);
      expect(mostOnOneSession).toBeLessThanOrEqual(100);
      release();
      const all = await Promise.all(answers);
      expect(all[7]).toMatchObject({ status: 201, body: 'got message 7' });
      expect(all[7]?.headers['x-echo']).toBe('9');
    } finally {
      await client.close();
    }
  });

  it('rejects a request whose stream is reset without an answer', async () => {
    const client = createH2Client(url, { inFlight: 1, streamsPerConnection: 100 });
    try {
      await expect(client.request({ ':method': 'POST', ':path': '/reset' }, 'x')).rejects.toThrow(
        /closed without an answer/,
      );
      // The connection goes on serving.
      const next = client.request({ ':method': 'POST', ':path': '/send' }, 'y');
      await until(() => held.length === 1);
      release();
      expect((await next).body).toBe('got y');
    } finally {
      await client.close();
    }
  });
});
