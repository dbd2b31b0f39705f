/**
 * Loop protection, inserted before the code runs, as CodePen and JS Bin do
 * (docs/decisions/020): every `for`, `while` and `do` loop is wrapped so that entering it
 * notes the time (`__cw$enter(id)`) and each pass checks it (`__cw$loop(id)`); the sandbox
 * runtime defines both (loop-clock.ts) and throws once a loop has run
 * PREVIEW_LOOP_LIMIT_MS without finishing. Nothing is inserted across lines, so the build's
 * source map still maps every line. It runs inside the sandbox frame, never on the app's
 * thread or the server's event loop.
 */
import { parse, type Node } from 'acorn';

export const LOOP_ENTER_FN = '__cw$enter';
export const LOOP_CHECK_FN = '__cw$loop';

const LOOPS = new Set([
  'ForStatement',
  'ForInStatement',
  'ForOfStatement',
  'WhileStatement',
  'DoWhileStatement',
]);

interface Insertion {
  pos: number;
  text: string;
  /** 0 closes, 1 opens: at one position, closings go first. */
  opens: 0 | 1;
  /** Nesting depth: outer openings first, inner closings first. */
  depth: number;
}

type AnyNode = Node & { body?: AnyNode; [key: string]: unknown };

/** A syntax error of the guarded code, with its 1-based line and column. */
export class LoopGuardSyntaxError extends Error {
  constructor(
    message: string,
    readonly line: number,
    readonly column: number,
  ) {
    super(message);
    this.name = 'SyntaxError';
  }
}

function parseOrThrow(code: string, sourceType: 'module' | 'script'): AnyNode {
  try {
    return parse(code, {
      ecmaVersion: 'latest',
      sourceType,
      allowHashBang: true,
    }) as unknown as AnyNode;
  } catch (err) {
    const loc = (err as { loc?: { line: number; column: number } }).loc;
    const message = (err as Error).message.replace(/\s*\(\d+:\d+\)$/, '');
    throw new LoopGuardSyntaxError(message, loc?.line ?? 1, (loc?.column ?? 0) + 1);
  }
}

/** Guarded code, the number of loops, and where text went in (offsets in the input). */
export interface GuardedCode {
  code: string;
  loops: number;
  inserted: Array<{ offset: number; length: number }>;
}

/**
 * Returns `code` with loop guards. Throws a LoopGuardSyntaxError when the code does not
 * parse.
 */
export function insertLoopGuards(code: string, sourceType: 'module' | 'script'): GuardedCode {
  const program = parseOrThrow(code, sourceType);
  const insertions: Insertion[] = [];
  let loops = 0;

  // `labelStart`: where the labels in front of this node begin (they stay on the loop, so
  // the wrapping block goes around them); a labelled statement ends where its body does.
  const visit = (node: AnyNode, depth: number, labelStart: number | null): void => {
    if (node.type === 'LabeledStatement') {
      visit(node.body as AnyNode, depth + 2, labelStart ?? node.start);
      return;
    }
    if (LOOPS.has(node.type)) {
      const id = loops++;
      insertions.push(
        { pos: labelStart ?? node.start, text: `{${LOOP_ENTER_FN}(${id});`, opens: 1, depth },
        { pos: node.end, text: '}', opens: 0, depth },
      );
      const body = node.body as AnyNode;
      if (body.type === 'BlockStatement') {
        insertions.push({
          pos: body.start + 1,
          text: `${LOOP_CHECK_FN}(${id});`,
          opens: 1,
          depth: depth + 1,
        });
      } else {
        insertions.push(
          { pos: body.start, text: `{${LOOP_CHECK_FN}(${id});`, opens: 1, depth: depth + 1 },
          { pos: body.end, text: '}', opens: 0, depth: depth + 1 },
        );
      }
    }
    for (const key in node) {
      const value = node[key];
      if (typeof value !== 'object' || value === null) continue;
      if (Array.isArray(value)) {
        for (const child of value) {
          if (child && typeof (child as AnyNode).type === 'string') {
            visit(child as AnyNode, depth + 2, null);
          }
        }
      } else if (typeof (value as AnyNode).type === 'string') {
        visit(value as AnyNode, depth + 2, null);
      }
    }
  };
  visit(program, 0, null);
  if (insertions.length === 0) return { code, loops: 0, inserted: [] };

  insertions.sort(
    (a, b) =>
      a.pos - b.pos || a.opens - b.opens || (a.opens === 1 ? a.depth - b.depth : b.depth - a.depth),
  );
  const parts: string[] = [];
  let at = 0;
  for (const ins of insertions) {
    parts.push(code.slice(at, ins.pos), ins.text);
    at = ins.pos;
  }
  parts.push(code.slice(at));
  const inserted = insertions.map((i) => ({ offset: i.pos, length: i.text.length }));
  return { code: parts.join(''), loops, inserted };
}
