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

describe('or and and filters', () => {
  it('parse into groups, nested, negated, with in-lists inside', () => {
    const q = parseQuery(projects, {
      or: '(name.eq.A,and(language.eq.Go,name.not.like.*x*),name.in.(B,"C,D"))',
      'not.and': '(name.eq.E,description.is.null)',
    });
    expect(q.filters).toEqual([
      {
        group: 'or',
        negate: false,
        filters: [
          { column: 'name', op: 'eq', value: 'A', negate: false },
          {
            group: 'and',
            negate: false,
            filters: [
              { column: 'language', op: 'eq', value: 'Go', negate: false },
              { column: 'name', op: 'like', value: '%x%', negate: true },
            ],
          },
          { column: 'name', op: 'in', value: ['B', 'C,D'], negate: false },
        ],
      },
      {
        group: 'and',
        negate: true,
        filters: [
          { column: 'name', op: 'eq', value: 'E', negate: false },
          { column: 'description', op: 'is', value: null, negate: false },
        ],
      },
    ]);
  });

  it('refuse what cannot be read, saying what to fix', () => {
    expect(() => parseQuery(projects, { or: 'name.eq.A' })).toThrow(/parentheses/);
    expect(() => parseQuery(projects, { or: '(name.eq.A,)' })).toThrow(/empty condition/);
    expect(() => parseQuery(projects, { or: '(name.eq.A' })).toThrow(/parentheses/);
    expect(() => parseQuery(projects, { or: '(nope.eq.A)' })).toThrow(/Unknown column "nope"/);
    expect(() => parseQuery(projects, { or: '(name)' })).toThrow(/column.operator.value/);
    expect(() => parseQuery(projects, { or: '(name.eq.(a)' })).toThrow(/unclosed/);
    const deep = `(${'or('.repeat(6)}name.eq.A${')'.repeat(6)})`;
    expect(() => parseQuery(projects, { or: deep })).toThrow(/at most 5 deep/);
  });
});
