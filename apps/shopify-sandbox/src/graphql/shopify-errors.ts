import {
  type ASTNode,
  type DocumentNode,
  GraphQLError,
  type GraphQLSchema,
  getArgumentValues,
  getLocation,
  TypeInfo,
  visit,
  visitWithTypeInfo,
} from 'graphql';

/**
 * Shopify's error shapes (its GraphQL runs on graphql-ruby, whose words and `extensions` differ
 * from graphql-js's), for what the local Shopify refuses before running a query.
 */
export interface ShopifyError {
  message: string;
  locations?: { line: number; column: number }[];
  path?: (string | number)[];
  extensions?: Record<string, unknown>;
}

export const RATE_LIMITS_DOCUMENTATION = 'https://shopify.dev/api/usage/rate-limits';
export const ACCESS_SCOPES_DOCUMENTATION = 'https://shopify.dev/api/usage/access-scopes';
/** Shopify refuses any input list longer than this (`nodes(ids:)`, `publishablePublish` input…). */
export const MAX_INPUT_ARRAY = 250;

/** A POST without a query: Shopify answers 400 with this body. */
export const MISSING_QUERY = { errors: { query: 'Required parameter missing or invalid' } };

export function locationOf(node: ASTNode): { line: number; column: number }[] | undefined {
  return node.loc ? [getLocation(node.loc.source, node.loc.start)] : undefined;
}

/**
 * Fields the schema does not have, as Shopify reports them: "Field 'x' doesn't exist on type
 * 'Shop'", the path from the operation (`query Name`, or `fragment Name`) through the field
 * names, and `extensions: { code: 'undefinedField', typeName, fieldName }`.
 */
export function undefinedFields(schema: GraphQLSchema, document: DocumentNode): ShopifyError[] {
  const typeInfo = new TypeInfo(schema);
  const errors: ShopifyError[] = [];
  const path: string[] = [];
  visit(
    document,
    visitWithTypeInfo(typeInfo, {
      OperationDefinition: {
        enter: (node) => {
          path.push(node.name ? `${node.operation} ${node.name.value}` : node.operation);
        },
        leave: () => {
          path.pop();
        },
      },
      FragmentDefinition: {
        enter: (node) => {
          path.push(`fragment ${node.name.value}`);
        },
        leave: () => {
          path.pop();
        },
      },
      Field: {
        enter: (node) => {
          const name = node.name.value;
          path.push(name);
          const parent = typeInfo.getParentType();
          if (parent && !typeInfo.getFieldDef()) {
            errors.push({
              message: `Field '${name}' doesn't exist on type '${parent.name}'`,
              ...withLocations(node),
              path: [...path],
              extensions: { code: 'undefinedField', typeName: parent.name, fieldName: name },
            });
          }
        },
        leave: () => {
          path.pop();
        },
      },
    }),
  );
  return errors;
}

/**
 * Input lists longer than Shopify takes (250), in arguments given inline or by variables:
 * refused before anything runs or costs.
 */
export function oversizedInputs(
  schema: GraphQLSchema,
  document: DocumentNode,
  variables: Record<string, unknown>,
): ShopifyError[] {
  const typeInfo = new TypeInfo(schema);
  const errors: ShopifyError[] = [];
  visit(
    document,
    visitWithTypeInfo(typeInfo, {
      Field: (node) => {
        const definition = typeInfo.getFieldDef();
        if (!definition || !node.arguments?.length) return;
        let args: Record<string, unknown>;
        try {
          args = getArgumentValues(definition, node, variables);
        } catch {
          return; // an argument graphql-js refuses is answered by execution
        }
        for (const [name, value] of Object.entries(args)) {
          const size = largestList(value);
          if (size > MAX_INPUT_ARRAY) {
            errors.push({
              message: `The input array size of ${size} is greater than the maximum allowed of ${MAX_INPUT_ARRAY}.`,
              ...withLocations(node),
              path: [node.name.value, name],
              extensions: { code: 'MAX_INPUT_SIZE_EXCEEDED' },
            });
          }
        }
      },
    }),
  );
  return errors;
}

function largestList(value: unknown): number {
  if (Array.isArray(value)) return Math.max(value.length, ...value.map(largestList));
  if (typeof value === 'object' && value !== null) {
    return Math.max(0, ...Object.values(value).map(largestList));
  }
  return 0;
}

function withLocations(node: ASTNode) {
  const locations = locationOf(node);
  return locations ? { locations } : {};
}

export function maxCostExceeded(cost: number, maxCost: number): ShopifyError {
  return {
    message: `Query cost is ${cost}, which exceeds the single query max cost limit (${maxCost}).\n\nSee https://shopify.dev/concepts/about-apis/rate-limits for more information on how the\ncost of a query is calculated.\n\nTo query larger amounts of data with fewer limits, bulk operations should be used instead.\nSee https://shopify.dev/tutorials/perform-bulk-operations-with-admin-api for usage details.\n`,
    extensions: {
      code: 'MAX_COST_EXCEEDED',
      cost,
      maxCost,
      documentation: RATE_LIMITS_DOCUMENTATION,
    },
  };
}

/** The Storefront API's tokenless limit, in graphql-ruby's words (Shopify's GraphQL runs on it). */
export function maxComplexityExceeded(complexity: number, maxComplexity: number): ShopifyError {
  return {
    message: `Query has complexity of ${complexity}, which exceeds max complexity of ${maxComplexity}`,
    extensions: { code: 'MAX_COMPLEXITY_EXCEEDED', complexity, maxComplexity },
  };
}

export const THROTTLED: ShopifyError = {
  message: 'Throttled',
  extensions: { code: 'THROTTLED', documentation: RATE_LIMITS_DOCUMENTATION },
};

/** A field the token's scopes do not reach, in Shopify's words and extensions. */
export function accessDenied(fieldName: string, requiredAccess: string): GraphQLError {
  return new GraphQLError(
    `Access denied for ${fieldName} field. Required access: ${requiredAccess}`,
    {
      extensions: {
        code: 'ACCESS_DENIED',
        documentation: ACCESS_SCOPES_DOCUMENTATION,
        requiredAccess,
      },
    },
  );
}
