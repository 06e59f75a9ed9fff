import {
  type DocumentNode,
  type ExecutionResult,
  execute,
  GraphQLError,
  type GraphQLFieldResolver,
  type GraphQLSchema,
  type GraphQLTypeResolver,
  parse,
  validate,
} from 'graphql';
import { StoreError } from '../store/errors';
import { findOperation, MAX_QUERY_COST, requestedCost } from './cost';
import type { LeakyBucket, ThrottleStatus } from './leaky-bucket';

/**
 * A root field's resolver: (args, context) like graphql-js, without the parent. Its args are
 * typed by each resolver (graphql-js has coerced them to the schema's input types already), so
 * the map accepts any args shape.
 */
export type RootResolver<Context> = (args: never, context: Context) => unknown;

export interface Resolvers<Context> {
  query: Record<string, RootResolver<Context>>;
  mutation?: Record<string, RootResolver<Context>>;
}

export interface GraphqlRequestBody {
  query?: unknown;
  variables?: unknown;
  operationName?: unknown;
}

export interface CostExtension {
  requestedQueryCost: number;
  actualQueryCost: number | null;
  throttleStatus: ThrottleStatus;
}

export interface GraphqlAnswer {
  data?: unknown;
  errors?: { message: string; extensions?: Record<string, unknown> }[];
  extensions?: { cost: CostExtension };
}

/**
 * Objects resolvers return carry plain values; a field whose value is a function is called with
 * (args, context). A field with neither is one the local Shopify does not serve: it answers an
 * error naming it instead of a silent null, so the app never relies on data it would not get.
 */
const fieldResolver: GraphQLFieldResolver<unknown, unknown> = (source, args, context, info) => {
  const value = (source as Record<string, unknown> | null)?.[info.fieldName];
  if (typeof value === 'function') {
    try {
      const result: unknown = value(args, context);
      return result instanceof Promise ? result.catch(argumentError) : result;
    } catch (error) {
      return argumentError(error);
    }
  }
  if (value !== undefined) return value;
  if (info.fieldName === '__typename') return info.parentType.name;
  throw new GraphQLError(
    `Field '${info.parentType.name}.${info.fieldName}' is not served by the local Shopify.`,
    { extensions: { code: 'NOT_IMPLEMENTED' } },
  );
};

/** The store refusing an argument (a cursor that is not one) is a client error, as in Shopify. */
function argumentError(error: unknown): never {
  if (error instanceof StoreError && error.kind === 'invalid') {
    throw new GraphQLError(error.message, { extensions: { code: 'BAD_REQUEST' } });
  }
  throw error;
}

/** Interfaces and unions: each object names its type. */
const typeResolver: GraphQLTypeResolver<unknown, unknown> = (value) =>
  (value as { __typename?: string }).__typename;

const documents = new Map<string, DocumentNode>();

function parseCached(query: string): DocumentNode {
  let document = documents.get(query);
  if (!document) {
    document = parse(query);
    if (documents.size > 500) documents.clear();
    documents.set(query, document);
  }
  return document;
}

/**
 * One GraphQL request as Shopify answers it: parse and validate on the published schema, the
 * single-query cost limit, the leaky bucket, then execution; the cost always in
 * `extensions.cost`. Errors are 200 answers with `errors`, as Shopify sends them.
 */
export async function runGraphql<Context>(options: {
  schema: GraphQLSchema;
  resolvers: Resolvers<Context>;
  context: Context;
  body: GraphqlRequestBody;
  /** The Admin API's cost limit and leaky bucket; null for the Storefront API, which has none. */
  bucket: LeakyBucket | null;
}): Promise<GraphqlAnswer> {
  const { schema, body, bucket } = options;
  if (typeof body.query !== 'string' || body.query.trim() === '') {
    return { errors: [{ message: 'No query string was present' }] };
  }
  let document: DocumentNode;
  try {
    document = parseCached(body.query);
  } catch (error) {
    return { errors: [toWire(error as GraphQLError)] };
  }
  const invalid = validate(schema, document);
  if (invalid.length > 0) return { errors: invalid.map(toWire) };

  const variables = isRecord(body.variables) ? body.variables : {};
  const operationName = typeof body.operationName === 'string' ? body.operationName : undefined;
  let extensions: { cost: CostExtension } | undefined;
  if (bucket) {
    const cost = requestedCost(schema, document, variables, operationName);
    const costExtension = (actual: number | null) => ({
      cost: { requestedQueryCost: cost, actualQueryCost: actual, throttleStatus: bucket.status() },
    });
    if (cost > MAX_QUERY_COST) {
      const message = `Query cost is ${cost}, which exceeds the single query max cost limit (${MAX_QUERY_COST}).\n\nSee https://shopify.dev/concepts/about-apis/rate-limits for more information on how the\ncost of a query is calculated.\n\nTo query larger amounts of data with fewer limits, bulk operations should be used instead.\nSee https://shopify.dev/tutorials/perform-bulk-operations-with-admin-api for usage details.\n`;
      return {
        errors: [
          { message, extensions: { code: 'MAX_COST_EXCEEDED', cost, maxCost: MAX_QUERY_COST } },
        ],
        extensions: costExtension(null),
      };
    }
    if (!bucket.take(cost)) {
      return {
        errors: [
          {
            message: 'Throttled',
            extensions: {
              code: 'THROTTLED',
              documentation: 'https://shopify.dev/api/usage/rate-limits',
            },
          },
        ],
        extensions: costExtension(null),
      };
    }
    extensions = costExtension(cost);
  }

  const operation = findOperation(document, operationName);
  const roots = operation?.operation === 'mutation' ? options.resolvers.mutation : undefined;
  // Root resolvers are fields whose value is a function: the field resolver calls them.
  const rootValue = roots ?? options.resolvers.query;
  const result: ExecutionResult = await execute({
    schema,
    document,
    rootValue,
    contextValue: options.context,
    variableValues: variables,
    operationName,
    fieldResolver,
    typeResolver,
  });
  return {
    ...(result.data !== undefined ? { data: result.data } : {}),
    ...(result.errors ? { errors: result.errors.map(toWire) } : {}),
    ...(extensions ? { extensions } : {}),
  };
}

function toWire(error: GraphQLError): { message: string; extensions?: Record<string, unknown> } {
  return error.toJSON() as { message: string; extensions?: Record<string, unknown> };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
