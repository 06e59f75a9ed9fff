import { MAX_QUERY_COST, requestedCost } from '@popstage/shopify-sandbox/testing';
import {
  type DocumentNode,
  type GraphQLSchema,
  Kind,
  NoDeprecatedCustomRule,
  parse,
  validate,
  visit,
} from 'graphql';
import { expect } from 'vitest';

/**
 * The checks every GraphQL document the app sends to Shopify gets (Admin and Storefront alike):
 * valid on the published schema of the configured version, no deprecated field or argument (a
 * version move stays a config change), and at most 1,000 points at the largest variables the
 * adapter sends.
 */

export interface NamedDocument {
  name: string;
  document: DocumentNode;
}

/** The module's exported strings that parse as a query or mutation. */
export function documentsOf(modules: Record<string, unknown>): NamedDocument[] {
  return Object.entries(modules).flatMap(([name, value]) => {
    if (typeof value !== 'string' || !/^\s*(query|mutation)\s/.test(value)) return [];
    return [{ name, document: parse(value) }];
  });
}

export const operationName = (document: DocumentNode) =>
  document.definitions.find((definition) => definition.kind === Kind.OPERATION_DEFINITION)?.name
    ?.value ?? '';

/**
 * Page sizes (`first` or `last`) given by a variable that neither the test's variables nor a
 * default set. The cost model reads a missing size as 0, so such a field would cost nothing and
 * a new paged document would pass the cost check without its real size being checked.
 */
export function unboundPageSizes(
  document: DocumentNode,
  variables: Record<string, unknown>,
): string[] {
  const defaults = new Set<string>();
  for (const definition of document.definitions) {
    if (definition.kind !== Kind.OPERATION_DEFINITION) continue;
    for (const variable of definition.variableDefinitions ?? []) {
      if (variable.defaultValue) defaults.add(variable.variable.name.value);
    }
  }
  const unbound: string[] = [];
  visit(document, {
    Field(field) {
      for (const argument of field.arguments ?? []) {
        if (argument.name.value !== 'first' && argument.name.value !== 'last') continue;
        if (argument.value.kind !== Kind.VARIABLE) continue;
        const name = argument.value.name.value;
        if (!(name in variables) && !defaults.has(name)) {
          unbound.push(`${field.name.value}(${argument.name.value}: $${name})`);
        }
      }
    },
  });
  return unbound;
}

export function expectValid(schema: GraphQLSchema, document: DocumentNode): void {
  expect(validate(schema, document).map((error) => error.message)).toEqual([]);
}

export function expectNothingDeprecated(schema: GraphQLSchema, document: DocumentNode): void {
  const deprecated = validate(schema, document, [NoDeprecatedCustomRule]);
  expect(deprecated.map((error) => error.message)).toEqual([]);
}

/** The cost at the given (largest) variables, refusing page sizes the variables leave unset. */
export function expectAffordable(
  schema: GraphQLSchema,
  document: DocumentNode,
  variables: Record<string, unknown>,
): number {
  const name = operationName(document);
  expect(unboundPageSizes(document, variables), `${name}: page sizes without a value`).toEqual([]);
  const cost = requestedCost(schema, document, variables);
  expect(cost, `${name} costs ${cost}`).toBeLessThanOrEqual(MAX_QUERY_COST);
  return cost;
}
