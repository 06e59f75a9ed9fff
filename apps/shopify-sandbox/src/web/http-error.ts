import { HttpError, statusText } from '@popstage/core/http';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { OperatorError } from '../operator/client';
import { StoreError, type StoreErrorKind } from '../store/errors';

// The app's HttpError (@popstage/core/http): one class, answered by each side's handler.
export { forbidden, HttpError, notFound } from '@popstage/core/http';

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
      .send({ error: statusText(status), message: error.message, ...details });
  });
}
