import { z } from 'zod';
import type { RouteContract } from './define';
import { errorBodySchema } from './errors';

/** The parts of an OpenAPI 3.1 document the contracts fill in. */
export type OpenApiDocument = {
  openapi: '3.1.0';
  info: { title: string; version: string; description?: string };
  paths: Record<string, Record<string, OpenApiOperation>>;
};

interface OpenApiOperation {
  summary: string;
  parameters?: { name: string; in: 'path' | 'query'; required: boolean; schema: unknown }[];
  requestBody?: { required: true; content: { 'application/json': { schema: unknown } } };
  responses: Record<string, { description: string; content?: Record<string, { schema: unknown }> }>;
}

type JsonSchema = { properties?: Record<string, unknown>; required?: string[] };

/** Transforms and coercions have no JSON Schema: they are described by what they accept. */
function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, {
    io,
    unrepresentable: 'any',
    target: 'draft-2020-12',
  }) as JsonSchema & { $schema?: string };
  return rest;
}

function parameters(schema: z.ZodType | undefined, where: 'path' | 'query') {
  if (!schema) return [];
  const { properties = {}, required = [] } = jsonSchema(schema, 'input');
  return Object.entries(properties).map(([name, property]) => ({
    name,
    in: where,
    required: where === 'path' || required.includes(name),
    schema: property,
  }));
}

/** `/api/clips/:id` as OpenAPI writes it: `/api/clips/{id}`. */
export function openApiPath(path: string): string {
  return path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, '{$1}');
}

/** The OpenAPI document of the given routes, every schema taken from their contracts. */
export function openApiDocument(
  contracts: readonly RouteContract[],
  info: OpenApiDocument['info'],
): OpenApiDocument {
  const paths: OpenApiDocument['paths'] = {};
  const errorSchema = jsonSchema(errorBodySchema, 'output');
  for (const contract of [...contracts].sort(byPathThenMethod)) {
    const status = String(contract.status ?? 200);
    const params = [...parameters(contract.params, 'path'), ...parameters(contract.query, 'query')];
    const operation: OpenApiOperation = {
      summary: contract.summary,
      ...(params.length > 0 && { parameters: params }),
      ...(contract.body && {
        requestBody: {
          required: true,
          content: { 'application/json': { schema: jsonSchema(contract.body, 'input') } },
        },
      }),
      responses: {
        [status]: {
          description: contract.summary,
          ...(status !== '204' && {
            content: { 'application/json': { schema: jsonSchema(contract.response, 'output') } },
          }),
        },
        '4XX': {
          description: 'Refused: `{ error, message }`',
          content: { 'application/json': { schema: errorSchema } },
        },
      },
    };
    const path = openApiPath(contract.path);
    paths[path] = { ...paths[path], [contract.method.toLowerCase()]: operation };
  }
  return { openapi: '3.1.0', info, paths };
}

function byPathThenMethod(a: RouteContract, b: RouteContract): number {
  return a.path === b.path ? a.method.localeCompare(b.method) : a.path.localeCompare(b.path);
}
