/**
 * Console arguments as readable text, made in the sandbox where the values live (only text
 * crosses to the app). Like a browser console or Node's util.inspect: strings bare at the
 * top level and quoted inside, objects on one line while short and indented when not,
 * cycles and depth cut off, DOM nodes as their tag, printf-style `%s %d %i %f %o %O %c`.
 */

const MAX_DEPTH = 3;
const MAX_ITEMS = 100;
const MAX_KEYS = 50;
const MAX_STRING = 1_000;
/** Longest text of one Console entry. */
export const MAX_ENTRY_TEXT = 10_000;
/** A nested value stays on one line while it is this short. */
const BREAK_LENGTH = 72;

const cut = (s: string, max: number) => (s.length > max ? `${s.slice(0, max)}…` : s);

function describeFunction(fn: (...args: unknown[]) => unknown): string {
  const source = Function.prototype.toString.call(fn);
  if (/^class\b/.test(source)) return `class ${fn.name || '(anonymous)'}`;
  return `ƒ ${fn.name || '(anonymous)'}()`;
}

function describeNode(node: { nodeType: number; nodeName: string }): string {
  if (node.nodeType === 1) {
    const el = node as unknown as Element;
    const tag = el.tagName.toLowerCase();
    const id = el.id ? ` id="${el.id}"` : '';
    const cls = typeof el.className === 'string' && el.className ? ` class="${el.className}"` : '';
    return `<${tag}${id}${cls}>`;
  }
  if (node.nodeType === 3)
    return `#text ${JSON.stringify(cut((node as unknown as Text).data, 80))}`;
  if (node.nodeType === 9) return '#document';
  return node.nodeName;
}

function isNode(value: object): value is { nodeType: number; nodeName: string } {
  return (
    typeof (value as { nodeType?: unknown }).nodeType === 'number' &&
    typeof (value as { nodeName?: unknown }).nodeName === 'string'
  );
}

/** Joins already formatted parts on one line, or one per line when long. */
function layout(open: string, parts: string[], close: string, indent: string): string {
  if (parts.length === 0) return `${open}${close}`;
  const oneLine = `${open} ${parts.join(', ')} ${close}`;
  if (oneLine.length <= BREAK_LENGTH && !oneLine.includes('\n')) {
    return open.endsWith('[') ? `${open}${parts.join(', ')}${close}` : oneLine;
  }
  const inner = `${indent}  `;
  return `${open}\n${parts.map((p) => `${inner}${p}`).join(',\n')}\n${indent}${close}`;
}

function ownKeys(value: object): string[] {
  try {
    return Object.keys(value);
  } catch {
    return [];
  }
}

function readProperty(value: object, key: string): unknown {
  try {
    return (value as Record<string, unknown>)[key];
  } catch {
    return '[getter threw]';
  }
}

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/** One value as text; `indent` is the indentation of the line it starts on. */
export function formatValue(
  value: unknown,
  depth = 0,
  seen: Set<object> = new Set(),
  indent = '',
): string {
  switch (typeof value) {
    case 'string':
      return JSON.stringify(cut(value, MAX_STRING));
    case 'number':
      return Object.is(value, -0) ? '-0' : String(value);
    case 'bigint':
      return `${value}n`;
    case 'boolean':
    case 'undefined':
      return String(value);
    case 'symbol':
      return value.toString();
    case 'function':
      return describeFunction(value as (...args: unknown[]) => unknown);
  }
  if (value === null) return 'null';
  const object = value as object;
  if (seen.has(object)) return '[Circular]';
  if (object instanceof Error) {
    return `${object.name || 'Error'}: ${object.message}`;
  }
  if (object instanceof Date) {
    return Number.isNaN(object.getTime()) ? 'Invalid Date' : object.toISOString();
  }
  if (object instanceof RegExp) return String(object);
  if (object instanceof Promise) return 'Promise {…}';
  if (isNode(object)) return describeNode(object);
  if (typeof Window !== 'undefined' && object instanceof Window) return 'Window';

  const next = depth + 1;
  seen.add(object);
  try {
    if (Array.isArray(object) || ArrayBuffer.isView(object)) {
      const items = Array.from(object as ArrayLike<unknown>);
      const name = Array.isArray(object) ? '' : `${object.constructor.name}(${items.length}) `;
      if (depth >= MAX_DEPTH) return `${name}[…]`;
      const parts = items
        .slice(0, MAX_ITEMS)
        .map((item) => formatValue(item, next, seen, `${indent}  `));
      if (items.length > MAX_ITEMS) parts.push(`… ${items.length - MAX_ITEMS} more`);
      return layout(`${name}[`, parts, ']', indent);
    }
    if (object instanceof Map) {
      if (depth >= MAX_DEPTH) return `Map(${object.size}) {…}`;
      const parts = [...object]
        .slice(0, MAX_ITEMS)
        .map(
          ([k, v]) =>
            `${formatValue(k, next, seen, `${indent}  `)} => ${formatValue(v, next, seen, `${indent}  `)}`,
        );
      return layout(`Map(${object.size}) {`, parts, '}', indent);
    }
    if (object instanceof Set) {
      if (depth >= MAX_DEPTH) return `Set(${object.size}) {…}`;
      const parts = [...object]
        .slice(0, MAX_ITEMS)
        .map((v) => formatValue(v, next, seen, `${indent}  `));
      return layout(`Set(${object.size}) {`, parts, '}', indent);
    }
    const proto = Object.getPrototypeOf(object) as { constructor?: { name?: string } } | null;
    const name = proto && proto !== Object.prototype ? (proto.constructor?.name ?? '') : '';
    const open = name ? `${name} {` : '{';
    if (depth >= MAX_DEPTH) return `${open}…}`;
    const keys = ownKeys(object);
    const parts = keys.slice(0, MAX_KEYS).map((key) => {
      const label = IDENTIFIER.test(key) ? key : JSON.stringify(key);
      return `${label}: ${formatValue(readProperty(object, key), next, seen, `${indent}  `)}`;
    });
    if (keys.length > MAX_KEYS) parts.push(`… ${keys.length - MAX_KEYS} more`);
    return layout(open, parts, '}', indent);
  } finally {
    seen.delete(object);
  }
}

/** Applies printf-style directives of a first string argument; returns the rest unused. */
function substitute(format: string, args: unknown[]): { text: string; rest: unknown[] } {
  let used = 0;
  const text = format.replace(/%([sdifoOc%])/g, (match, directive: string) => {
    if (directive === '%') return '%';
    if (used >= args.length) return match;
    const arg = args[used++];
    switch (directive) {
      case 's':
        return typeof arg === 'string' ? arg : formatValue(arg);
      case 'd':
      case 'i':
        return typeof arg === 'bigint' ? `${arg}n` : String(Math.trunc(Number(arg)));
      case 'f':
        return String(Number(arg));
      case 'c':
        return '';
      default:
        return formatValue(arg);
    }
  });
  return { text, rest: args.slice(used) };
}

/** A console call's arguments as one entry's text. */
export function formatArgs(args: readonly unknown[]): string {
  let rest = [...args];
  const parts: string[] = [];
  if (typeof rest[0] === 'string' && rest[0].includes('%')) {
    const done = substitute(rest[0], rest.slice(1));
    parts.push(done.text);
    rest = done.rest;
  }
  for (const arg of rest) parts.push(typeof arg === 'string' ? arg : formatValue(arg));
  return cut(parts.join(' '), MAX_ENTRY_TEXT);
}
