import { describe, expect, it } from 'vitest';
import { parseInList, parseQuery } from './query-parser.ts';
import { tableSpec } from './tables.ts';

const projects = tableSpec('projects')!;

describe('parseInList', () => {
  it('splits on commas outside double quotes and unescapes', () => {
    expect(parseInList('(a,b)')).toEqual(['a', 'b']);
    expect(parseInList('("a,b",c)')).toEqual(['a,b', 'c']);
    expect(parseInList('("say \\"hi\\"","back\\\\slash")')).toEqual(['say "hi"', 'back\\slash']);
    expect(parseInList('()')).toEqual([]);
  });
  it('refuses a list without parentheses or with an open quote', () => {
    expect(() => parseInList('a,b')).toThrow(/parentheses/);
    expect(() => parseInList('("a)')).toThrow(/Unclosed quote/);
  });
});

describe('parseQuery', () => {
  it('reads select, filters, order, limit and offset', () => {
    expect(
      parseQuery(projects, {
        select: 'id,name',
        name: ['like.*x*', 'not.eq.y'],
        description: 'is.null',
        order: 'updated_at.desc.nullslast,name',
        limit: '5',
        offset: '10',
      }),
    ).toEqual({
      select: ['id', 'name'],
      filters: [
        { column: 'name', op: 'like', value: '%x%', negate: false },
        { column: 'name', op: 'eq', value: 'y', negate: true },
        { column: 'description', op: 'is', value: null, negate: false },
      ],
      order: [
        { column: 'updated_at', ascending: false, nullsFirst: false },
        { column: 'name', ascending: true },
      ],
      limit: 5,
      offset: 10,
    });
  });
  it('selects every column by default', () => {
    expect(parseQuery(projects, {}).select).toEqual(Object.keys(projects.columns));
  });
});
