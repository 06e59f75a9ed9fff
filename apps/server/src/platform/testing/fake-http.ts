import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A local HTTP server standing in for an external API in adapter tests. */
export interface RecordedHttpRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
}

export interface FakeHttp {
  url: string;
  requests: RecordedHttpRequest[];
  /** What the next requests are answered with (until changed). */
  respond(status: number, body: unknown): void;
  close(): Promise<void>;
}

export async function startFakeHttp(): Promise<FakeHttp> {
  const requests: RecordedHttpRequest[] = [];
  let answer: { status: number; body: unknown } = { status: 200, body: {} };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      requests.push({
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      res.writeHead(answer.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    respond: (status, body) => {
      answer = { status, body };
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
