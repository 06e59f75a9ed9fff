import {
  type DocumentNode,
  type GraphQLCompositeType,
  type GraphQLSchema,
  getNamedType,
  isAbstractType,
  isCompositeType,
  isObjectType,
  type SelectionSetNode,
} from 'graphql';
import {
  argumentsOf,
  type CostContext,
  costContext,
  fieldsOf,
  findOperation,
  isConnection,
  isIdList,
  MUTATION_COST,
  requestedCost,
} from './cost';

/**
 * The actual cost of an answered query, by Shopify's rules applied to what was returned rather
 * than what was asked: a connection costs 2 plus each item it returned, an object that came back
 * null costs nothing below it. Never more than the requested cost; the bucket gets the difference
 * back. https://shopify.dev/docs/api/usage/rate-limits
 */
export function actualCost(
  schema: GraphQLSchema,
  document: DocumentNode,
  variables: Record<string, unknown>,
  operationName: string | undefined,
  data: unknown,
): number {
  const requested = requestedCost(schema, document, variables, operationName);
  const operation = findOperation(document, operationName);
  const root = schema.getQueryType();
  if (!operation || !isRecord(data)) return 0;
  if (operation.operation === 'mutation') {
    const context = costContext(schema, document, variables);
    const mutation = schema.getMutationType() ?? undefined;
    const fields = fieldsOf(context, operation.selectionSet, mutation);
    return fields.filter((field) => !field.name.value.startsWith('__')).length * MUTATION_COST;
  }
  if (!root) return 0;
  const context = costContext(schema, document, variables);
  return Math.min(requested, objectCost(context, operation.selectionSet, root, data));
}

function objectCost(
  context: CostContext,
  selectionSet: SelectionSetNode,
  type: GraphQLCompositeType,
  value: Record<string, unknown>,
): number {
  const concrete = concreteType(context, type, value);
  if (!concrete) {
    // An abstract value without __typename: its dearest possible type, as requested.
    const costs = context.schema
      .getPossibleTypes(type as Parameters<GraphQLSchema['getPossibleTypes']>[0])
      .map((possible) => objectCost(context, selectionSet, possible, value));
    return Math.max(0, ...costs);
  }
  let total = 0;
  for (const field of fieldsOf(context, selectionSet, concrete)) {
    const definition = concrete.getFields()[field.name.value];
    const fieldType = definition ? getNamedType(definition.type) : undefined;
    if (!definition || !fieldType || !isCompositeType(fieldType) || !field.selectionSet) continue;
    const returned = value[field.alias?.value ?? field.name.value];
    if (returned === null || returned === undefined) continue;
    if (isObjectType(fieldType) && isConnection(fieldType) && isRecord(returned)) {
      total += 2 + connectionItems(context, field.selectionSet, fieldType, returned);
    } else if (Array.isArray(returned)) {
      const items = returned.filter(isRecord);
      const selection = field.selectionSet;
      const each = items.map((item) => 1 + objectCost(context, selection, fieldType, item));
      // A list fetched by ids costs per object returned; any other list as one object.
      total += isIdList(definition, argumentsOf(context, field, definition))
        ? each.reduce((sum, cost) => sum + cost, 0)
        : Math.max(0, ...each);
    } else if (isRecord(returned)) {
      total += 1 + objectCost(context, field.selectionSet, fieldType, returned);
    }
  }
  return total;
}

/** Each returned item of a connection: 1 for its node plus what was selected on it. */
function connectionItems(
  context: CostContext,
  selectionSet: SelectionSetNode,
  type: Parameters<typeof isConnection>[0],
  connection: Record<string, unknown>,
): number {
  let total = 0;
  for (const field of fieldsOf(context, selectionSet, type)) {
    const key = field.alias?.value ?? field.name.value;
    const list = connection[key];
    if (!Array.isArray(list) || !field.selectionSet) continue;
    let cost = 0;
    if (field.name.value === 'nodes') {
      const nodeType = getNamedType(type.getFields().nodes?.type);
      if (!nodeType || !isCompositeType(nodeType)) continue;
      for (const node of list.filter(isRecord)) {
        cost += 1 + objectCost(context, field.selectionSet, nodeType, node);
      }
    } else if (field.name.value === 'edges') {
      const edgeType = getNamedType(type.getFields().edges?.type);
      if (!isObjectType(edgeType)) continue;
      for (const edge of list.filter(isRecord)) {
        for (const edgeField of fieldsOf(context, field.selectionSet, edgeType)) {
          const node = edge[edgeField.alias?.value ?? edgeField.name.value];
          const nodeType = getNamedType(edgeType.getFields().node?.type);
          if (edgeField.name.value !== 'node' || !edgeField.selectionSet || !isRecord(node))
            continue;
          if (!nodeType || !isCompositeType(nodeType)) continue;
          cost += 1 + objectCost(context, edgeField.selectionSet, nodeType, node);
        }
      }
    }
    // `nodes` and `edges` selected together list the same items: count them once.
    total = Math.max(total, cost);
  }
  return total;
}

function concreteType(
  context: CostContext,
  type: GraphQLCompositeType,
  value: Record<string, unknown>,
) {
  if (!isAbstractType(type)) return type;
  const named =
    typeof value.__typename === 'string' ? context.schema.getType(value.__typename) : null;
  return isObjectType(named) ? named : null;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
