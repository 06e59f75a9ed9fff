import { z } from 'zod';
import { type LivePlatform, LivePlatformError } from './port';

export interface HttpLivePlatformOptions {
  baseUrl: string;
  apiKey: string;
  fetch?: typeof fetch;
}

const createdSchema = z.object({ sellerId: z.string().min(1), dashboardUrl: z.url() });
const conflictSchema = z.object({ code: z.enum(['email_in_use', 'phone_in_use']) });

/**
 * The live platform's seller API as we call it: POST {base}/v1/sellers with the seller payload,
 * a bearer API key and an Idempotency-Key header; 200/201 answer { sellerId, dashboardUrl };
 * 409 { code: 'email_in_use' | 'phone_in_use' } when a field is taken there.
 */
export function createHttpLivePlatform(options: HttpLivePlatformOptions): LivePlatform {
  const doFetch = options.fetch ?? fetch;
  const url = `${options.baseUrl.replace(/\/$/, '')}/v1/sellers`;
  return {
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
