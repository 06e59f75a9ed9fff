import type { FastifyInstance } from 'fastify';
import { onTestFinished } from 'vitest';
import { listening } from './ingest-client';

/** A player's SSE stream of a show, through the real route: events pushed into `into`. */
export async function followEvents(
  app: FastifyInstance,
  showId: string,
  into: unknown[],
): Promise<() => void> {
  const host = await listening(app);
  const controller = new AbortController();
  const response = await fetch(`http://${host}/live-service/v1/public/shows/${showId}/events`, {
    signal: controller.signal,
  });
  if (!response.headers.get('content-type')?.includes('text/event-stream')) {
    throw new Error(`not an event stream: ${response.status}`);
  }
  void (async () => {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        let end = buffer.indexOf('\n\n');
        while (end >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (block.startsWith('data: ')) into.push(JSON.parse(block.slice(6)));
          end = buffer.indexOf('\n\n');
        }
      }
    } catch {
      // The test stopped following.
    }
  })();
  // A failed assertion must not leave the stream open: app.close() would wait for it forever.
  onTestFinished(() => controller.abort());
  return () => controller.abort();
}
