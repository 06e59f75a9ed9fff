export { type PageCursor, pageCursor } from './cursor';
export type {
  HttpMethod,
  RouteContract,
  RouteInput,
  RouteParsed,
  RouteReply,
  RouteResponse,
} from './define';
export {
  defineRoute,
  routePath,
  routeQuery,
} from './define';
export type { ErrorBody } from './errors';
export { errorBodySchema, readErrorBody } from './errors';
export type { OpenApiDocument } from './openapi';
export { openApiDocument, openApiPath } from './openapi';
export { webhookAnswerSchema } from './webhook';
