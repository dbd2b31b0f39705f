/**
 * From a stack trace of the running code to a line of the user's code: the first frame in
 * the run's own script (a blob: module, or the page itself in HTML mode), moved back over
 * the loop guards (same line, fewer columns) and through the build's source map.
 */
import { originalPositionFor, TraceMap } from '@jridgewell/trace-mapping';

export interface CodePosition {
  /** 1-based. */
  line: number;
  /** 1-based. */
  column: number;
}

interface Shift {
  column: number;
  length: number;
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Per line of the unguarded code, the guards put into it (1-based columns, in order). */
export function shiftsByLine(
  code: string,
  inserted: ReadonlyArray<{ offset: number; length: number }>,
): Map<number, Shift[]> {
  const shifts = new Map<number, Shift[]>();
  let line = 1;
  let lineStart = 0;
  let scanned = 0;
  for (const { offset, length } of inserted) {
    for (
      let i = code.indexOf('\n', scanned);
      i !== -1 && i < offset;
      i = code.indexOf('\n', i + 1)
    ) {
      line++;
      lineStart = i + 1;
    }
    scanned = Math.max(scanned, lineStart);
    const list = shifts.get(line) ?? [];
    list.push({ column: offset - lineStart + 1, length });
    shifts.set(line, list);
  }
  return shifts;
}

/** Where a script of the run starts in the user's code (1-based), and its URL in stacks. */
export interface RunScript {
  url: string;
  line: number;
  column: number;
}

/** Maps positions of one run's scripts back to the user's code. */
export class SourcePositions {
  private readonly frame: RegExp;
  private readonly map: TraceMap | null;

  constructor(
    private readonly scripts: readonly RunScript[],
    map: string | null,
    /** Guards per line of the code as a whole (the page, in HTML mode). */
    private readonly shifts: Map<number, Shift[]> = new Map(),
  ) {
    const urls = scripts.map((s) => escapeRegExp(s.url)).join('|') || '(?!)';
    this.frame = new RegExp(`(${urls}):(\\d+):(\\d+)`);
    this.map = map ? new TraceMap(map) : null;
  }

  /** The user's position of the innermost stack frame in one of the run's scripts, or null. */
  fromStack(stack: string | undefined | null): CodePosition | null {
    if (!stack) return null;
    const match = this.frame.exec(stack);
    if (!match) return null;
    return this.fromScript(Number(match[2]), Number(match[3]), match[1]);
  }

  /**
   * The user's position of a 1-based line and column in a running script (the first one when
   * `url` is not given), or null when the position is in none of them.
   */
  fromScript(line: number, column: number, url?: string): CodePosition | null {
    // A sourceURL may come back resolved against the page (…/preview/codewright-inline-0.js).
    const script =
      url === undefined
        ? this.scripts[0]
        : this.scripts.find((s) => url === s.url || url.endsWith(`/${s.url}`));
    if (!script) return null;
    // A script starting mid-line (an inline script after its tag) shifts its first line only.
    const inCode = {
      line: script.line + line - 1,
      column: line === 1 ? script.column + column - 1 : column,
    };
    let col = inCode.column;
    let offset = 0;
    for (const shift of this.shifts.get(inCode.line) ?? []) {
      const at = shift.column + offset; // where this guard starts in the running script
      if (inCode.column < at) break;
      offset += shift.length;
      // A position inside a guard is the guard's place in the code.
      col = inCode.column < at + shift.length ? shift.column + offset : inCode.column;
    }
    col = Math.max(1, col - offset);
    if (!this.map) return { line: inCode.line, column: col };
    const original = originalPositionFor(this.map, { line: inCode.line, column: col - 1 });
    if (original.line === null) return null;
    return { line: original.line, column: (original.column ?? 0) + 1 };
  }
}
