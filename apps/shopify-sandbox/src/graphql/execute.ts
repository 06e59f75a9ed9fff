import {
  type DocumentNode,
  type ExecutionResult,
  execute,
  GraphQLError,
  type GraphQLFieldResolver,
  type GraphQLSchema,
  type GraphQLTypeResolver,
  getNamedType,
  isObjectType,
  parse,
  validate,
} from 'graphql';
import { grants, type RequiredAccess, type ScopeRule } from '../schema/required-access';
import { StoreError } from '../store/errors';
import { actualCost } from './actual-cost';
import { findOperation, isConnection, MAX_QUERY_COST, requestedCost } from './cost';
import type { LeakyBucket, ThrottleStatus } from './leaky-bucket';
import {
  accessDenied,
  MISSING_QUERY,
  maxComplexityExceeded,
  maxCostExceeded,
  oversizedInputs,
  type ShopifyError,
  THROTTLED,
  undefinedFields,
} from './shopify-errors';
import { coerceVariables } from './variables';

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
  errors?: ShopifyError[];
  extensions?: { cost: CostExtension };
}

/** The HTTP answer: 200 with GraphQL's body, or Shopify's 400 for a request without a query. */
export type GraphqlReply =
  | { status: 200; body: GraphqlAnswer }
  | { status: 400; body: typeof MISSING_QUERY };

/** What the token may read: the scopes granted and the schema's rules. */
export interface Access {
  rules: RequiredAccess;
  granted: ReadonlySet<string>;
}

/**
 * Objects resolvers return carry plain values; a field whose value is a function is called with
 * (args, context). A field with neither is one the local Shopify does not serve: it answers an
 * error naming it instead of a silent null, so the app never relies on data it would not get.
 * With `access`, a field the token's scopes do not reach answers Shopify's ACCESS_DENIED first.
 */
function fieldResolver(access: Access | null): GraphQLFieldResolver<unknown, unknown> {
  return (source, args, context, info) => {
    const rule = access
      ? ruleOf(access.rules, info.parentType.name, info.fieldName, info.returnType)
      : null;
    if (access && rule && !grants(access.granted, rule))
      throw accessDenied(info.fieldName, rule.text);
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
}

/**
 * The scope a field needs: its own rule, else the rule of the object type it returns (a
 * connection: of its nodes), so `products` needs what a Product needs.
 */
function ruleOf(
  rules: RequiredAccess,
  parent: string,
  field: string,
  returnType: Parameters<typeof getNamedType>[0],
): ScopeRule | null {
  if (field.startsWith('__')) return null;
  const own = rules.fields.get(`${parent}.${field}`);
  if (own) return own;
  const named = getNamedType(returnType);
  if (!isObjectType(named)) return null;
  if (isConnection(named)) {
    const node = named.getFields().nodes?.type;
    return node ? (rules.types.get(getNamedType(node).name) ?? null) : null;
  }
  return rules.types.get(named.name) ?? null;
}

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
 * variables coerced by their declared types, input lists of at most 250, the single-query cost
 * limit, the leaky bucket, then execution with the token's scopes enforced per field; the actual
 * cost (what was returned) refunded to the bucket and both costs in `extensions.cost`. Errors are
 * 200 answers with `errors`, as Shopify sends them; a request without a query is a 400.
 */
export async function runGraphql<Context>(options: {
  schema: GraphQLSchema;
  resolvers: Resolvers<Context>;
  context: Context;
  body: GraphqlRequestBody;
  /** The Admin API's leaky bucket; null for the Storefront API, which has none. */
  bucket: LeakyBucket | null;
  /** The largest requested cost one query may have; Admin 1,000 by default. */
  maxCost?: number | null;
  /** How a query over `maxCost` is refused: the Admin API's cost, or tokenless complexity. */
  limit?: 'cost' | 'complexity';
  /** Scopes enforced per field; null (default) serves every field. */
  access?: Access | null;
}): Promise<GraphqlReply> {
  const { schema, body, bucket } = options;
  if (typeof body.query !== 'string' || body.query.trim() === '') {
    return { status: 400, body: MISSING_QUERY };
  }
  const answer = (payload: GraphqlAnswer): GraphqlReply => ({ status: 200, body: payload });
  let document: DocumentNode;
  try {
    document = parseCached(body.query);
  } catch (error) {
    return answer({ errors: [toWire(error as GraphQLError)] });
  }
  const unknownFields = undefinedFields(schema, document);
  if (unknownFields.length > 0) return answer({ errors: unknownFields });
  const invalid = validate(schema, document);
  if (invalid.length > 0) return answer({ errors: invalid.map(toWire) });

  const operationName = typeof body.operationName === 'string' ? body.operationName : undefined;
  const operation = findOperation(document, operationName);
  if (!operation) return answer({ errors: [{ message: `No operation named "${operationName}"` }] });
  const coerced = coerceVariables(schema, operation, variablesOf(body.variables));
  if ('errors' in coerced) return answer({ errors: coerced.errors });
  const variables = coerced.values;
  const oversized = oversizedInputs(schema, document, variables);
  if (oversized.length > 0) return answer({ errors: oversized });

  const cost = requestedCost(schema, document, variables, operationName);
  const maxCost = options.maxCost === undefined ? MAX_QUERY_COST : options.maxCost;
  const costExtension = (actual: number | null): { cost: CostExtension } | undefined =>
    bucket
      ? {
          cost: {
            requestedQueryCost: cost,
            actualQueryCost: actual,
            throttleStatus: bucket.status(),
          },
        }
      : undefined;
  if (maxCost !== null && cost > maxCost) {
    return answer({
      errors: [
        options.limit === 'complexity'
          ? maxComplexityExceeded(cost, maxCost)
          : maxCostExceeded(cost, maxCost),
      ],
      ...extensionsOf(costExtension(null)),
    });
  }
  if (bucket && !bucket.take(cost)) {
    return answer({ errors: [THROTTLED], ...extensionsOf(costExtension(null)) });
  }

  const roots = operation.operation === 'mutation' ? options.resolvers.mutation : undefined;
  // Root resolvers are fields whose value is a function: the field resolver calls them.
  const rootValue = roots ?? options.resolvers.query;
  const result: ExecutionResult = await execute({
    schema,
    document,
    rootValue,
    contextValue: options.context,
    variableValues: variables,
    operationName,
    fieldResolver: fieldResolver(options.access ?? null),
    typeResolver,
  });
  let extensions: { cost: CostExtension } | undefined;
  if (bucket) {
    const actual = actualCost(schema, document, variables, operationName, result.data);
    bucket.refund(cost - actual);
    extensions = costExtension(actual);
  }
  return answer({
    ...(result.data !== undefined ? { data: result.data } : {}),
    ...(result.errors ? { errors: result.errors.map(toWire) } : {}),
    ...extensionsOf(extensions),
  });
}

function extensionsOf(extensions: { cost: CostExtension } | undefined) {
  return extensions ? { extensions } : {};
}

/** Variables arrive as an object, or (from some clients) as a JSON string of one. */
function variablesOf(value: unknown): Record<string, unknown> {
  if (typeof value === 'string') {
    try {
      return variablesOf(JSON.parse(value));
    } catch {
      return {};
    }
  }
  return isRecord(value) ? value : {};
}

function toWire(error: GraphQLError): ShopifyError {
  return error.toJSON() as ShopifyError;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
