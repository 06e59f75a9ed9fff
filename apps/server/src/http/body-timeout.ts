import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * A request body must arrive within its time, however slowly its bytes trickle in (a body sent at
 * one byte every 5 s kept a connection and a request open for minutes: the socket was never
 * idle). Uploads to signed media URLs get the longer time; everything else the short one. When
 * the time is up the client gets a 408 and the connection is closed, as Node's own
 * requestTimeout does, which is server-wide and so cannot tell an upload from a form.
 */
export function installBodyTimeout(
  app: FastifyInstance,
  limits: { bodyMs: number; uploadMs: number },
): void {
  const timers = new WeakMap<FastifyRequest, NodeJS.Timeout>();
  // A response sent before the body was read (a 401 in onRequest) ends the wait too.
  app.addHook('onResponse', async (request) => clearTimeout(timers.get(request)));
  app.addHook('onRequest', async (request) => {
    if (!hasBody(request)) return;
    const raw = request.raw;
    const ms = isUpload(request) ? limits.uploadMs : limits.bodyMs;
    const timer = setTimeout(() => {
      if (raw.complete || raw.socket.destroyed) return;
      const body = JSON.stringify({
        error: 'Request Timeout',
        message: 'The request body took too long to arrive',
      });
      raw.socket.end(
        `HTTP/1.1 408 Request Timeout\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
      );
      raw.socket.destroySoon();
    }, ms);
    timer.unref();
    timers.set(request, timer);
    const clear = () => clearTimeout(timer);
    raw.once('end', clear);
    raw.once('close', clear);
  });
}

function hasBody(request: FastifyRequest): boolean {
  const length = request.headers['content-length'];
  return (
    (length !== undefined && length !== '0') || request.headers['transfer-encoding'] !== undefined
  );
}

/** The local store's signed upload URLs (PUT /media/...): large files on slow connections. */
function isUpload(request: FastifyRequest): boolean {
  return request.method === 'PUT' && request.url.startsWith('/media/');
}
