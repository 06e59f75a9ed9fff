import {
  type DocumentNode,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLCompositeType,
  type GraphQLField,
  type GraphQLObjectType,
  type GraphQLSchema,
  getArgumentValues,
  getNamedType,
  getNullableType,
  isAbstractType,
  isCompositeType,
  isListType,
  isObjectType,
  Kind,
  type OperationDefinitionNode,
  type SelectionSetNode,
  typeFromAST,
} from 'graphql';

/**
 * The requested (static) cost of an operation with Shopify's documented rules: scalar and enum 0,
 * object 1, a connection 2 + (first or last) × the cost of one item (its node, 1, plus what is
 * selected on it), an interface or union the most expensive of its possible selections, and each
 * mutation field 10; a list of objects fetched by `ids` (`nodes(ids:)`) one object per id.
 * https://shopify.dev/docs/api/usage/rate-limits
 */

export const MUTATION_COST = 10;
export const CONNECTION_COST = 2;
/** Shopify refuses a single query that asks for more. */
export const MAX_QUERY_COST = 1000;

export interface CostContext {
  schema: GraphQLSchema;
  fragments: Map<string, FragmentDefinitionNode>;
  variables: Record<string, unknown>;
}

export function requestedCost(
  schema: GraphQLSchema,
  document: DocumentNode,
  variables: Record<string, unknown> = {},
  operationName?: string,
): number {
  const operation = findOperation(document, operationName);
  if (!operation) return 0;
  const context = costContext(schema, document, variables);
  if (operation.operation === 'mutation') {
    return (
      fieldsOf(context, operation.selectionSet, schema.getMutationType() ?? undefined).filter(
        (field) => !field.name.value.startsWith('__'),
      ).length * MUTATION_COST
    );
  }
  const root = schema.getQueryType();
  return root ? selectionCost(context, operation.selectionSet, root) : 0;
}

export function costContext(
  schema: GraphQLSchema,
  document: DocumentNode,
  variables: Record<string, unknown>,
): CostContext {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const definition of document.definitions) {
    if (definition.kind === Kind.FRAGMENT_DEFINITION) {
      fragments.set(definition.name.value, definition);
    }
  }
  return { schema, fragments, variables };
}

export function findOperation(
  document: DocumentNode,
  operationName?: string,
): OperationDefinitionNode | undefined {
  return document.definitions.find(
    (definition): definition is OperationDefinitionNode =>
      definition.kind === Kind.OPERATION_DEFINITION &&
      (operationName === undefined || definition.name?.value === operationName),
  );
}

/** What a selection set costs on a type; on an abstract type, its dearest concrete type. */
function selectionCost(
  context: CostContext,
  selectionSet: SelectionSetNode,
  type: GraphQLCompositeType,
): number {
  if (isAbstractType(type)) {
    const costs = context.schema
      .getPossibleTypes(type)
      .map((concrete) => objectCost(context, selectionSet, concrete));
    return Math.max(0, ...costs);
  }
  return objectCost(context, selectionSet, type);
}

function objectCost(context: CostContext, selectionSet: SelectionSetNode, type: GraphQLObjectType) {
  let total = 0;
  for (const field of fieldsOf(context, selectionSet, type)) {
    const definition = type.getFields()[field.name.value];
    if (definition) total += fieldCost(context, field, definition);
  }
  return total;
}

function fieldCost(
  context: CostContext,
  field: FieldNode,
  definition: GraphQLField<unknown, unknown>,
) {
  const type = getNamedType(definition.type);
  if (!isCompositeType(type) || !field.selectionSet) return 0;
  const args = argumentsOf(context, field, definition);
  if (isObjectType(type) && isConnection(type)) {
    return CONNECTION_COST + pageSize(args) * itemCost(context, field.selectionSet, type);
  }
  const one = 1 + selectionCost(context, field.selectionSet, type);
  return isIdList(definition, args) ? args.ids.length * one : one;
}

/** Arguments as coerced with the request's variables; {} when graphql-js would refuse them. */
export function argumentsOf(
  context: CostContext,
  field: FieldNode,
  definition: GraphQLField<unknown, unknown>,
): Record<string, unknown> {
  try {
    return getArgumentValues(definition, field, context.variables);
  } catch {
    return {};
  }
}

/** `first` or `last`; a count that is not one costs as none (validation answers it). */
function pageSize(args: Record<string, unknown>): number {
  const size = args.first ?? args.last ?? 0;
  return typeof size === 'number' && Number.isSafeInteger(size) && size > 0 ? size : 0;
}

export function isIdList(
  definition: GraphQLField<unknown, unknown>,
  args: Record<string, unknown>,
): args is { ids: unknown[] } {
  return isListType(getNullableType(definition.type)) && Array.isArray(args.ids);
}

export function isConnection(type: GraphQLObjectType): boolean {
  const fields = type.getFields();
  return type.name.endsWith('Connection') && ('edges' in fields || 'nodes' in fields);
}

/** One item of a connection: its node (1) and the node's selection, by `edges { node }` or `nodes`. */
function itemCost(context: CostContext, selectionSet: SelectionSetNode, type: GraphQLObjectType) {
  let cost = 0;
  for (const field of fieldsOf(context, selectionSet, type)) {
    const name = field.name.value;
    if (name === 'nodes' && field.selectionSet) {
      cost = Math.max(cost, nodeCost(context, field.selectionSet, type.getFields().nodes));
    }
    if (name === 'edges' && field.selectionSet) {
      const edgeType = getNamedType(type.getFields().edges?.type);
      if (!isObjectType(edgeType)) continue;
      for (const edgeField of fieldsOf(context, field.selectionSet, edgeType)) {
        if (edgeField.name.value === 'node' && edgeField.selectionSet) {
          cost = Math.max(
            cost,
            nodeCost(context, edgeField.selectionSet, edgeType.getFields().node),
          );
        }
      }
    }
  }
  return cost;
}

function nodeCost(
  context: CostContext,
  selectionSet: SelectionSetNode,
  definition: GraphQLField<unknown, unknown> | undefined,
) {
  const nodeType = definition ? getNamedType(definition.type) : undefined;
  if (!nodeType || !isCompositeType(nodeType)) return 0;
  return 1 + selectionCost(context, selectionSet, nodeType);
}

/** The fields a selection set asks of a concrete type, through fragments that apply to it. */
export function fieldsOf(
  context: CostContext,
  selectionSet: SelectionSetNode,
  type: GraphQLObjectType | undefined,
): FieldNode[] {
  const fields: FieldNode[] = [];
  for (const selection of selectionSet.selections) {
    if (selection.kind === Kind.FIELD) {
      fields.push(selection);
      continue;
    }
    const fragment =
      selection.kind === Kind.FRAGMENT_SPREAD
        ? context.fragments.get(selection.name.value)
        : selection;
    if (!fragment) continue;
    const condition = fragment.typeCondition
      ? typeFromAST(context.schema, fragment.typeCondition)
      : type;
    if (type && condition && appliesTo(context.schema, condition, type)) {
      fields.push(...fieldsOf(context, fragment.selectionSet, type));
    }
  }
  return fields;
}

function appliesTo(schema: GraphQLSchema, condition: unknown, type: GraphQLObjectType): boolean {
  if (condition === type) return true;
  return isAbstractType(condition) && schema.isSubType(condition, type);
}
