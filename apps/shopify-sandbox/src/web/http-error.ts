import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { OperatorError } from '../operator/client';
import { StoreError, type StoreErrorKind } from '../store/errors';

/** A refusal of the local Shopify's pages: its status and a JSON body carrying the message. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export const notFound = (message = 'Not found') => new HttpError(404, message);
export const forbidden = (message = 'Forbidden') => new HttpError(403, message);

const STORE_STATUS: Record<StoreErrorKind, number> = {
  invalid: 400,
  not_found: 404,
  conflict: 409,
  refused: 422,
};

/** `{ error, message }` bodies for every refusal under the local Shopify's pages. */
export function installErrorHandler(app: FastifyInstance): void {
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
    const status =
      error instanceof HttpError || error instanceof OperatorError
        ? error.statusCode
        : error instanceof StoreError
          ? STORE_STATUS[error.kind]
          : (error.statusCode ?? 500);
    if (status >= 500 && !(error instanceof OperatorError) && !(error instanceof HttpError)) {
      request.log.error({ err: error }, 'unexpected error');
      return reply
        .status(500)
        .send({ error: 'Internal Server Error', message: 'Something went wrong.' });
    }
    const details = error instanceof HttpError ? error.details : undefined;
    return reply
      .status(status)
      .send({ error: errorName(status), message: error.message, ...details });
  });
}

function errorName(status: number): string {
  const names: Record<number, string> = {
    400: 'Bad Request',
    401: 'Unauthorized',
    403: 'Forbidden',
    404: 'Not Found',
    409: 'Conflict',
    422: 'Unprocessable Entity',
    502: 'Bad Gateway',
    503: 'Service Unavailable',
  };
  return names[status] ?? 'Error';
}
