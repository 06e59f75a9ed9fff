import { HttpError, statusText } from '@popstage/core/http';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { PlatformError, type PlatformErrorKind } from '../platform/errors';

// One HttpError for the app and the local Shopify (@popstage/core/http); areas import it here.
export { badRequest, forbidden, HttpError, notFound } from '@popstage/core/http';

/** What the caller is told when an outside service fails in a way it reports. */
const PLATFORM_STATUS: Record<PlatformErrorKind, number> = {
  invalid: 400,
  unauthorized: 401,
  not_found: 404,
  conflict: 409,
  refused: 422,
  unavailable: 503,
};

/** JSON error bodies everywhere; unexpected failures are logged with the request id, never leaked. */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((issue) => ({
        path: issue.instancePath.replace(/^\//, '').replaceAll('/', '.'),
        message: issue.message,
      }));
      return reply.status(400).send({
        error: 'Bad Request',
        message: issues[0]?.message ?? 'Invalid request',
        issues,
      });
    }
    if (error instanceof PlatformError) {
      const status = PLATFORM_STATUS[error.kind];
      return reply
        .status(status)
        .send({ error: statusText(status), message: error.message, ...error.details });
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
    request.log.error({ err: error }, 'unexpected error');
    return reply.status(500).send({
      error: 'Internal Server Error',
      message: 'Something went wrong. Please try again.',
      requestId: request.id,
    });
  });
}
