import { describe, expect, it } from 'vitest';
import { parseSearch } from './search-syntax';

describe('parseSearch', () => {
  it('splits filters from free-text terms, unquoting both', () => {
    const { filters, terms } = parseSearch('status:active collection_id:42 "blue" "a\\"b" shirt');
    expect(Object.fromEntries(filters)).toEqual({ status: 'active', collection_id: '42' });
    expect(terms).toEqual(['blue', 'a"b', 'shirt']);
  });

  it('reads quoted filter values and nothing from an empty query', () => {
    expect(Object.fromEntries(parseSearch('handle:"live"').filters)).toEqual({ handle: 'live' });
    expect(parseSearch(null)).toEqual({ filters: new Map(), terms: [] });
  });
});
