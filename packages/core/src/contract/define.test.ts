import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineRoute, routePath, routeQuery } from './define';

const contract = defineRoute({
  method: 'GET',
  path: '/api/things/:thing_id/parts/:part',
  params: z.object({ thing_id: z.string(), part: z.string() }),
  response: z.object({ ok: z.boolean() }),
  summary: 'a part of a thing',
});

describe('routePath', () => {
  it('fills every :param, encoded', () => {
    expect(routePath(contract, { thing_id: 'a/b', part: 'x y' })).toBe(
      '/api/things/a%2Fb/parts/x%20y',
    );
  });

  it('refuses a missing param rather than calling a wrong URL', () => {
    expect(() => routePath(contract, { thing_id: 'a' })).toThrow(/part missing/);
    expect(() => routePath(contract, { thing_id: 'a', part: null })).toThrow(/part missing/);
    expect(() => routePath(contract)).toThrow(/thing_id missing/);
  });
});

describe('routeQuery', () => {
  it('leaves out unset values and repeats arrays', () => {
    expect(routeQuery({ a: 1, b: undefined, c: ['x', 'y'], d: false })).toBe(
      '?a=1&c=x&c=y&d=false',
    );
  });

  it('is empty without values', () => {
    expect(routeQuery({ b: undefined })).toBe('');
    expect(routeQuery({ b: null, c: [null, 'x'] })).toBe('?c=x');
    expect(routeQuery()).toBe('');
  });
});
