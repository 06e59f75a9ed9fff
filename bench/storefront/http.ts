import { Agent, request } from 'node:http';

export interface HttpAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** The body as received: decoded as UTF-8 text, so meaningful only when sent uncompressed. */
  body: string;
  /** The body's bytes as received (compressed, if the server compressed it). */
  bytes: number;
}

/** A keep-alive agent holding at most `connections` sockets to the server. */
export function keepAliveAgent(connections: number): Agent {
  return new Agent({ keepAlive: true, maxSockets: connections, maxFreeSockets: connections });
}

/**
 * One HTTP request over `agent` (node:http: no library's own overhead in the figures); the body
 * is read whole before the promise settles, so a timing around it covers the full answer.
 */
export function send(
  agent: Agent,
  url: URL,
  options: { method?: 'GET' | 'POST'; headers?: Record<string, string>; body?: string } = {},
): Promise<HttpAnswer> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string | number> = { ...options.headers };
    if (options.body !== undefined) {
      headers['content-type'] ??= 'application/json';
      headers['content-length'] = Buffer.byteLength(options.body);
    }
    const outgoing = request(
      url,
      { agent, method: options.method ?? 'GET', headers },
      (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
        incoming.on('error', reject);
        incoming.on('end', () => {
          const body = Buffer.concat(chunks);
          resolve({
            status: incoming.statusCode ?? 0,
            headers: incoming.headers,
            body: body.toString('utf8'),
            bytes: body.length,
          });
        });
      },
    );
    outgoing.on('error', reject);
    outgoing.end(options.body);
  });
}
