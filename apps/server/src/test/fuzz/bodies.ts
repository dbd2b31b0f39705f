/**
 * fast-check arbitraries of hostile JSON bodies: odd strings, wrong types, deep
 * nesting, valid bodies mutated or with one field poisoned, malformed JSON.
 */
import fc from 'fast-check';

export const ODD_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\uD800',
  '\uDFFF',
  'x\uDBFFy',
  '\uDC00\uD800',
  '\uFFFE\uFFFF',
  '\u202Eevil',
  '😀👩‍👩‍👧',
  '𝕏𝕐',
  '%00',
  '%ff',
  '../../etc/passwd',
  '<script>alert(1)</script>',
  "'; drop table users; --",
  '$1',
  '\\',
  'null',
  'NaN',
  '-1',
  '1e309',
  '__proto__',
  'constructor',
  '{"a":1}',
  'eq.',
  'in.(',
  '\r\n',
] as const;

/** Marker replaced by n nested arrays in the body text (JSON.stringify cannot build them). */
const deepMarker = (n: number) => `\u0001DEEP:${n}\u0001`;
const DEEP = /"\\u0001DEEP:(\d+)\\u0001"/g;

/** Strings a client could send: printable, unicode, raw code units, the odd ones above, mixtures. */
export const oddString: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...ODD_STRINGS) },
  { weight: 2, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 20 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 20 }) },
  {
    weight: 2,
    arbitrary: fc
      .tuple(
        fc.string({ maxLength: 8 }),
        fc.constantFrom(...ODD_STRINGS),
        fc.string({ maxLength: 8 }),
      )
      .map((parts) => parts.join('')),
  },
  { weight: 1, arbitrary: fc.constantFrom(300, 5_000, 70_000).map((n) => 'x'.repeat(n)) },
);

/** A JSON value of any type, with odd strings and, sometimes, hostile depth. */
export const oddValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: oddString },
  { weight: 1, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.constantFrom(0, -1, 1.5, 2 ** 53, -(2 ** 63), 1e308) },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 1, arbitrary: fc.constant(null) },
  { weight: 1, arbitrary: fc.array(oddString, { maxLength: 3 }) },
  { weight: 1, arbitrary: fc.dictionary(oddString, oddString, { maxKeys: 3 }) },
  { weight: 1, arbitrary: fc.constantFrom(65, 1_000, 5_000, 100_000).map(deepMarker) },
);

/** Random JSON documents whose strings are odd. */
const randomJson: fc.Arbitrary<unknown> = fc
  .jsonValue({ maxDepth: 4 })
  .chain((shape) =>
    fc.oneof(fc.constant(shape), fc.dictionary(oddString, oddValue, { maxKeys: 5 })),
  );

/** The leaf paths of a value (`['events', 0, 'type']`), for mutation. */
function leafPaths(value: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  if (Array.isArray(value)) return value.flatMap((v, i) => leafPaths(v, [...prefix, i]));
  if (value && typeof value === 'object') {
    const keys = Object.keys(value);
    if (keys.length === 0) return [prefix];
    return keys.flatMap((k) => leafPaths((value as Record<string, unknown>)[k], [...prefix, k]));
  }
  return [prefix];
}

type Mutation = {
  path: (string | number)[];
  op: 'set' | 'delete' | 'add';
  key: string;
  value: unknown;
};

function applyMutations(sample: unknown, mutations: Mutation[]): unknown {
  const copy = structuredClone(sample) as unknown;
  let root = copy;
  for (const m of mutations) {
    if (m.path.length === 0) {
      root = m.op === 'delete' ? undefined : m.value;
      continue;
    }
    let parent = root as Record<string | number, unknown> | undefined;
    for (const step of m.path.slice(0, -1)) {
      parent = parent?.[step] as Record<string | number, unknown> | undefined;
    }
    if (!parent || typeof parent !== 'object') continue;
    const last = m.path.at(-1)!;
    if (m.op === 'delete') delete parent[last];
    else if (m.op === 'add') parent[m.key] = m.value;
    else parent[last] = m.value;
  }
  return root;
}

/** A valid body with a few fields replaced, removed or added. */
function mutated(sample: unknown): fc.Arbitrary<unknown> {
  const paths = leafPaths(sample);
  const mutation: fc.Arbitrary<Mutation> = fc.record({
    path: fc.constantFrom(...paths),
    op: fc.constantFrom('set', 'set', 'set', 'delete', 'add'),
    key: oddString,
    value: oddValue,
  });
  return fc.array(mutation, { minLength: 1, maxLength: 3 }).map((ms) => applyMutations(sample, ms));
}

/** Characters no database text can hold, and values too deep for recursive code. */
const POISON = ['\u0000', '\uD800', '\uDFFF', '\uDBFF\u0000'] as const;

/**
 * A valid body with one of its strings poisoned (a NUL or a lone surrogate spliced
 * in) or replaced by a deep value; the rest stays valid, so that the poisoned field
 * is the one that reaches the route's code and the database.
 */
function tainted(sample: unknown): fc.Arbitrary<unknown> {
  const strings = leafPaths(sample).filter((p) => typeof valueAt(sample, p) === 'string');
  if (strings.length === 0) return fc.constant(sample);
  return fc
    .tuple(fc.constantFrom(...strings), fc.constantFrom(...POISON, 'DEEP'), fc.nat())
    .map(([path, poison, at]) => {
      const text = valueAt(sample, path) as string;
      const i = at % (text.length + 1);
      const value =
        poison === 'DEEP' ? deepMarker(5_000) : text.slice(0, i) + poison + text.slice(i);
      return applyMutations(sample, [{ path, op: 'set', key: '', value }]);
    });
}

function valueAt(value: unknown, path: (string | number)[]): unknown {
  return path.reduce<unknown>((v, step) => (v as Record<string | number, unknown>)?.[step], value);
}

/** The body text of a value, with deep markers expanded. */
export function bodyText(value: unknown): string | undefined {
  const text = JSON.stringify(value);
  return text?.replace(DEEP, (_, n: string) => '['.repeat(Number(n)) + ']'.repeat(Number(n)));
}

const RAW_BODIES = [
  '{',
  '{"a":}',
  '[1,]',
  'null',
  '""',
  '0',
  '{"__proto__":{"admin":true}}',
  '{"constructor":{"prototype":{"x":1}}}',
  '\u0000',
  '\uFEFF{}',
  '{"a":"\\ud800"}',
  '{"a":"\\u0000"}',
  '{"a":1,"a":2}',
] as const;

/**
 * A body for a route whose valid body is `sample` (undefined: none known) and whose schema
 * builds valid bodies with `built` (schema-bodies.ts).
 */
export function bodyArbitrary(
  sample: unknown,
  built?: fc.Arbitrary<unknown>,
): fc.Arbitrary<string | undefined> {
  const asText = (a: fc.Arbitrary<unknown>) => a.map(bodyText);
  const options: fc.WeightedArbitrary<string | undefined>[] = [
    { weight: 2, arbitrary: asText(randomJson) },
    { weight: 1, arbitrary: fc.constantFrom(...RAW_BODIES) },
    { weight: 1, arbitrary: fc.constant(undefined) },
    {
      weight: 1,
      // Deep nesting, and now and then a body past the 1 MB limit.
      arbitrary: fc
        .constantFrom(65, 5_000, 300_000, 65, 5_000, 300_000, 1_000, 0)
        .map((n) => (n === 0 ? `"${'x'.repeat(1_100_000)}"` : '['.repeat(n) + ']'.repeat(n))),
    },
  ];
  if (sample !== undefined) {
    options.push({ weight: 6, arbitrary: asText(mutated(sample)) });
    options.push({ weight: 3, arbitrary: asText(tainted(sample)) });
    options.push({ weight: 1, arbitrary: fc.constant(bodyText(sample)) });
  }
  if (built) {
    options.push({ weight: 6, arbitrary: asText(built) });
    options.push({ weight: 3, arbitrary: asText(built.chain(mutated)) });
  }
  return fc.oneof(...options);
}
