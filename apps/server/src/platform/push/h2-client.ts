import {
  type ClientHttp2Session,
  connect,
  constants,
  type IncomingHttpHeaders,
  type OutgoingHttpHeaders,
} from 'node:http2';

/** A push service's answer to one request: its status, headers and body (UTF-8). */
export interface H2Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface H2Client {
  /** One request on the least busy connection; rejects when the stream fails or is reset. */
  request(headers: OutgoingHttpHeaders, body: string): Promise<H2Answer>;
  close(): Promise<void>;
}

/**
 * HTTP/2 connections to one push service (FCM, APNs), requests multiplexed as streams on them.
 * A service caps the streams of one connection (FCM 100, APNs 1,000), so `inFlight` requests at
 * once take ceil(inFlight / streamsPerConnection) connections, each request going to the one
 * with the fewest open streams: far less memory and CPU per request than a fetch and a socket
 * each (docs/decisions.md, issue 29 point 3). A connection that failed, closed or was sent away
 * (GOAWAY) is opened again by the next request.
 */
export function createH2Client(
  url: string,
  options: { inFlight: number; streamsPerConnection: number },
): H2Client {
  const count = Math.max(1, Math.ceil(options.inFlight / options.streamsPerConnection));
  const sessions: (ClientHttp2Session | null)[] = Array.from({ length: count }, () => null);
  const open = Array.from({ length: count }, () => 0);

  function session(index: number): ClientHttp2Session {
    const current = sessions[index];
    if (current && !current.closed && !current.destroyed) return current;
    const opened = connect(url);
    opened.on('error', () => opened.destroy());
    opened.on('goaway', () => opened.close());
    sessions[index] = opened;
    return opened;
  }

  function leastBusy(): number {
    let best = 0;
    for (let index = 1; index < count; index++) {
      if ((open[index] ?? 0) < (open[best] ?? 0)) best = index;
    }
    return best;
  }

  return {
    request(headers, body) {
      return new Promise<H2Answer>((resolve, reject) => {
        const index = leastBusy();
        open[index] = (open[index] ?? 0) + 1;
        let settled = false;
        const settle = (error: Error | null, answer?: H2Answer) => {
          if (settled) return;
          settled = true;
          open[index] = (open[index] ?? 1) - 1;
          if (error) reject(error);
          else resolve(answer as H2Answer);
        };
        let stream: ReturnType<ClientHttp2Session['request']>;
        try {
          stream = session(index).request(headers);
        } catch (error) {
          settle(error as Error);
          return;
        }
        let status = 0;
        let answered: IncomingHttpHeaders = {};
        let text = '';
        stream.setEncoding('utf8');
        stream.on('response', (received) => {
          status = Number(received[constants.HTTP2_HEADER_STATUS]);
          answered = received;
        });
        stream.on('data', (chunk: string) => {
          text += chunk;
        });
        // Reset or cut off with its session without an error: the stream ends or closes, and
        // no answer came.
        const unanswered = () =>
          new Error(`the stream closed without an answer (code ${stream.rstCode ?? 'none'})`);
        stream.on('end', () =>
          status ? settle(null, { status, headers: answered, body: text }) : settle(unanswered()),
        );
        stream.on('error', (error) => settle(error));
        stream.on('close', () => settle(unanswered()));
        stream.end(body);
      });
    },
    async close() {
      const closing = [...sessions];
      sessions.fill(null);
      await Promise.all(
        closing.map((current) =>
          current && !current.closed
            ? new Promise<void>((resolve) => current.close(() => resolve()))
            : undefined,
        ),
      );
    },
  };
}
