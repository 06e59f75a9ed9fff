import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { afterAll, expect, it } from 'vitest';
import { installCompression } from './compression';
import { installErrorHandling } from './errors';

// A list whose query finishes after the merchant navigated away (the admin cancels its fetch):
// the answer is compressed as it goes out, to a socket that is already closed.
const lines: { level: number; msg: string }[] = [];
const sink = new Writable({
  write(chunk, _encoding, done) {
    for (const line of String(chunk).trim().split('\n')) lines.push(JSON.parse(line));
    done();
  },
});
const app = Fastify({ logger: { level: 'info', stream: sink } });
installErrorHandling(app);
await installCompression(app);
app.get('/api/list', async (request) => {
  await new Promise((resolve) => request.raw.once('close', resolve));
  return {
    items: Array.from({ length: 20_000 }, (_, i) => ({ id: `clip-${i}`, title: 'A clip' })),
  };
});
afterAll(() => app.close());

it('a list request the client aborted is logged at info, not as an error', async () => {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  const abort = new AbortController();
  const request = fetch(`http://127.0.0.1:${port}/api/list`, {
    signal: abort.signal,
    headers: { 'accept-encoding': 'br' },
  });
  setTimeout(() => abort.abort(), 100);
  await expect(request).rejects.toThrow();
  await new Promise((resolve) => setTimeout(resolve, 800));
  expect(lines.filter((line) => line.level >= 50)).toEqual([]);
  expect(lines.some((line) => line.msg === 'stream closed prematurely')).toBe(true);
});
