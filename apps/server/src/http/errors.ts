import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { PlatformError, type PlatformErrorKind } from '../platform/errors';

/** An error a caller caused: answered with its status and a JSON body carrying the message. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
export const forbidden = (message = 'Forbidden') => new HttpError(403, message);
export const notFound = (message = 'Not found') => new HttpError(404, message);

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

function statusText(status: number): string {
  const texts: Record<number, string> = {
    400: 'Bad Request',
    401: 'Unauthorized',
    403: 'Forbidden',
    404: 'Not Found',
    409: 'Conflict',
    410: 'Gone',
    413: 'Payload Too Large',
    422: 'Unprocessable Entity',
    429: 'Too Many Requests',
    502: 'Bad Gateway',
    503: 'Service Unavailable',
  };
  return texts[status] ?? 'Error';
}
