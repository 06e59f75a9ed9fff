import {
  coerceInputValue,
  type GraphQLSchema,
  getVariableValues,
  isInputType,
  isNonNullType,
  type OperationDefinitionNode,
  print,
  typeFromAST,
} from 'graphql';
import { locationOf, type ShopifyError } from './shopify-errors';

/**
 * The request's variables coerced by the operation's declared types before anything costs or
 * runs, as Shopify does: a value its type refuses (`"ten"` for an `Int`, a fraction, a missing
 * `ID!`) answers Shopify's error, with each problem's path and explanation, and nothing is taken
 * from the bucket.
 */
export function coerceVariables(
  schema: GraphQLSchema,
  operation: OperationDefinitionNode,
  inputs: Record<string, unknown>,
): { values: Record<string, unknown> } | { errors: ShopifyError[] } {
  const errors: ShopifyError[] = [];
  for (const definition of operation.variableDefinitions ?? []) {
    const type = typeFromAST(schema, definition.type);
    if (!type || !isInputType(type)) continue; // validation already refused it
    const name = definition.variable.name.value;
    const given = Object.hasOwn(inputs, name);
    if (!given && definition.defaultValue) continue;
    const value = given ? inputs[name] : null;
    const problems: { path: (string | number)[]; explanation: string }[] = [];
    if (value === null || value === undefined) {
      if (isNonNullType(type))
        problems.push({ path: [], explanation: 'Expected value to not be null' });
    } else {
      coerceInputValue(value, type, (path, _invalid, error) => {
        problems.push({ path: [...path], explanation: error.message });
      });
    }
    if (problems.length > 0) {
      errors.push({
        message: `Variable $${name} of type ${print(definition.type)} was provided invalid value`,
        locations: locationOf(definition),
        extensions: { value: value ?? null, problems },
      });
    }
  }
  if (errors.length > 0) return { errors };
  const coerced = getVariableValues(schema, operation.variableDefinitions ?? [], inputs);
  if (coerced.errors)
    return { errors: coerced.errors.map((error) => ({ message: error.message })) };
  return { values: coerced.coerced };
}
