import type { Agent } from 'node:http';
import { request } from 'node:http';
import { performance } from 'node:perf_hooks';

export interface Answer {
  status: number;
  body: Buffer;
  ms: number;
}

/** One request from `localAddress` over `agent`, its body read whole; ms to the last byte. */
export function call(
  agent: Agent,
  url: string,
  localAddress: string,
  options: { method?: 'GET' | 'POST'; body?: unknown } = {},
): Promise<Answer> {
  const started = performance.now();
  const body = options.body === undefined ? undefined : JSON.stringify(options.body);
  return new Promise((resolve, reject) => {
    const outgoing = request(
      url,
      {
        agent,
        localAddress,
        method: options.method ?? 'GET',
        headers: body
          ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }
          : {},
        timeout: 30_000,
      },
      (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
        incoming.on('error', reject);
        incoming.on('end', () =>
          resolve({
            status: incoming.statusCode ?? 0,
            body: Buffer.concat(chunks),
            ms: performance.now() - started,
          }),
        );
      },
    );
    outgoing.on('timeout', () => outgoing.destroy(new Error('timed out')));
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}
