import { HttpError, statusText } from '@popstage/core/http';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';

// The app's and the local Shopify's error class: `{ error, message, ...details }` answers.
export { badRequest, forbidden, HttpError, notFound } from '@popstage/core/http';

export const conflict = (message: string, details?: Record<string, unknown>) =>
  new HttpError(409, message, details);

/** JSON error bodies for every route of the service; unexpected failures logged, never leaked. */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((issue) => ({
        path: issue.instancePath.replace(/^\//, '').replaceAll('/', '.'),
        message: issue.message,
      }));
      return reply
        .status(400)
        .send({ error: 'Bad Request', message: issues[0]?.message ?? 'Invalid request', issues });
    }
    if (error instanceof HttpError) {
      return reply
        .status(error.statusCode)
        .send({ error: statusText(error.statusCode), message: error.message, ...error.details });
    }
    const status = error.statusCode ?? 500;
    if (status < 500) {
      return reply.status(status).send({ error: statusText(status), message: error.message });
    }
    request.log.error({ err: error }, 'live service: unexpected error');
    return reply.status(500).send({
      error: 'Internal Server Error',
      message: 'Something went wrong. Please try again.',
    });
  });
}
