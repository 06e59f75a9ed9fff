import { z } from 'zod';

/** Every error answer of the server: `{ error, message }` plus fields a route documents. */
export const errorBodySchema = z.looseObject({
  error: z.string(),
  message: z.string(),
});
