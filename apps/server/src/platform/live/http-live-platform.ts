import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { liveShowSchema } from '@popstage/core/live';
import { z } from 'zod';
import { type LivePlatform, LivePlatformError, type LiveShow } from './port';

export interface HttpLivePlatformOptions {
  baseUrl: string;
  apiKey: string;
  fetch?: typeof fetch;
}

const createdSchema = z.object({ sellerId: z.string().min(1), dashboardUrl: z.url() });
const conflictSchema = z.object({ code: z.enum(['email_in_use', 'phone_in_use']) });
const showSchema = liveShowSchema.extend({ id: z.string().min(1) });

/**
 * The live platform's seller API as we call it, with a bearer API key: POST {base}/v1/sellers
 * with the seller payload and an Idempotency-Key header; 200/201 answer { sellerId, dashboardUrl };
 * 409 { code: 'email_in_use' | 'phone_in_use' } when a field is taken there. Shows:
 * POST and GET {base}/v1/sellers/{id}/shows ({ show } / { shows }; POST sends the products'
 * titles and pictures with their ids), and
 * GET {base}/v1/sellers/{id}/shows/{showId} ({ show }),
 * GET {base}/v1/sellers/{id}/shows/{showId}/replay (the MP4; 404 without a replay), and
 * DELETE {base}/v1/sellers/{id} (204: the seller and all of theirs gone, also when already gone).
 */
export function createHttpLivePlatform(options: HttpLivePlatformOptions): LivePlatform {
  const doFetch = options.fetch ?? fetch;
  const url = `${options.baseUrl.replace(/\/$/, '')}/v1/sellers`;
  const showsUrl = (sellerId: string) => `${url}/${encodeURIComponent(sellerId)}/shows`;
  const send = async (target: string, init: RequestInit = {}, timeoutMs = 15_000) => {
    let response: Response;
    try {
      response = await doFetch(target, {
        ...init,
        headers: {
          authorization: `Bearer ${options.apiKey}`,
          ...(init.body ? { 'content-type': 'application/json' } : {}),
        },
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new LivePlatformError(`live platform unreachable: ${(error as Error).message}`);
    }
    if (!response.ok) throw new LivePlatformError(`live platform answered ${response.status}`);
    return response;
  };
  const parse = async <T>(response: Response, schema: z.ZodType<T>): Promise<T> => {
    const parsed = schema.safeParse(await response.json().catch(() => null));
    if (!parsed.success) throw new LivePlatformError('live platform answered an unexpected body');
    return parsed.data;
  };
  return {
    async scheduleShow(sellerId, show): Promise<LiveShow> {
      const response = await send(showsUrl(sellerId), {
        method: 'POST',
        body: JSON.stringify(show),
      });
      return (await parse(response, z.object({ show: showSchema }))).show;
    },
    async listShows(sellerId) {
      const response = await send(showsUrl(sellerId));
      return (await parse(response, z.object({ shows: z.array(showSchema) }))).shows;
    },
    async getShow(sellerId, showId) {
      const response = await send(`${showsUrl(sellerId)}/${encodeURIComponent(showId)}`);
      return (await parse(response, z.object({ show: showSchema }))).show;
    },
    async deleteSeller(sellerId) {
      await send(`${url}/${encodeURIComponent(sellerId)}`, { method: 'DELETE' });
    },
    async openReplay(sellerId, showId) {
      const response = await send(
        `${showsUrl(sellerId)}/${encodeURIComponent(showId)}/replay`,
        {},
        120_000,
      );
      if (!response.body) throw new LivePlatformError('live platform sent no replay');
      return Readable.fromWeb(response.body as WebReadableStream);
    },
    kind: 'http',
    async createSeller({ idempotencyKey, payload }) {
      let response: Response;
      try {
        response = await doFetch(url, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${options.apiKey}`,
            'content-type': 'application/json',
            'idempotency-key': idempotencyKey,
          },
          body: JSON.stringify(payload),
          signal: AbortSignal.timeout(15_000),
        });
      } catch (error) {
        throw new LivePlatformError(`live platform unreachable: ${(error as Error).message}`);
      }
      const body: unknown = await response.json().catch(() => null);
      if (response.status === 409) {
        const conflict = conflictSchema.safeParse(body);
        const field = conflict.success
          ? conflict.data.code === 'email_in_use'
            ? 'email'
            : 'phone'
          : null;
        throw new LivePlatformError('live platform: seller conflict', field);
      }
      if (!response.ok) throw new LivePlatformError(`live platform answered ${response.status}`);
      const created = createdSchema.safeParse(body);
      if (!created.success)
        throw new LivePlatformError('live platform answered an unexpected body');
      return created.data;
    },
  };
}
