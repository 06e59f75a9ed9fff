import { z } from 'zod';

/** Every error answer of the server: `{ error, message }` plus fields a route documents. */
export const errorBodySchema = z.looseObject({
  error: z.string(),
  message: z.string(),
});
export type ErrorBody = z.output<typeof errorBodySchema>;

/**
 * The error answer in `value`, or null when it is not one: errorBodySchema's check without zod,
 * for the admin, which reads every error answer and whose first screen loads no schema (issue
 * 29). errors.test.ts holds the two to the same answers.
 */
export function readErrorBody(value: unknown): ErrorBody | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const { error, message } = value as Record<string, unknown>;
  return typeof error === 'string' && typeof message === 'string' ? (value as ErrorBody) : null;
}
