import { z } from 'zod';
import { defineRoute } from '../contract/define';

/** A dependency's state; `error` is the probe's message when it failed. */
const probeSchema = z.object({ ok: z.boolean(), error: z.string().optional() });

export const healthSchema = z.object({
  status: z.enum(['ok', 'unavailable']),
  /** The process's role (config ROLE). */
  role: z.enum(['web', 'worker', 'all']),
  database: probeSchema.extend({ kind: z.enum(['pglite', 'postgres']) }),
  queue: probeSchema,
});
export type Health = z.infer<typeof healthSchema>;

export const healthContract = {
  /** 200 when the database and the queue answer; the same body with 503 when either is down. */
  health: defineRoute({
    method: 'GET',
    path: '/healthz',
    response: healthSchema,
    summary: 'Database and queue state of this process',
  }),
  /** Sandbox mode only: made from the contracts of the routes this process serves. */
  apiDocs: defineRoute({
    method: 'GET',
    path: '/api/docs',
    response: z.looseObject({
      openapi: z.literal('3.1.0'),
      info: z.looseObject({ title: z.string(), version: z.string() }),
      paths: z.record(z.string(), z.record(z.string(), z.unknown())),
    }),
    summary: 'The OpenAPI document of every route, generated from the contracts (sandbox mode)',
  }),
};
