/**
 * The sandbox's console: each call still reaches the browser's own console, and becomes an
 * entry (level, readable text, the line it was called from) sent to the app in batches.
 * PREVIEW_CONSOLE_MAX_ENTRIES per run; past that, entries are only counted.
 */
import { PREVIEW_CONSOLE_MAX_ENTRIES } from '@codewright/contract';
import { formatArgs } from './format-value.ts';
import type { ConsoleEntry, ConsoleLevel } from './protocol.ts';
import type { CodePosition } from './source-positions.ts';

const FLUSH_MS = 30;

type Method = 'log' | 'info' | 'warn' | 'error' | 'debug' | 'trace' | 'dir' | 'table' | 'assert';

export class ConsoleCapture {
  private entries: ConsoleEntry[] = [];
  private kept = 0;
  private dropped = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private positionOf: (stack: string | undefined) => CodePosition | null = () => null;

  constructor(private readonly send: (entries: ConsoleEntry[], dropped: number) => void) {}

  /** Starts a run: counts restart, positions come from its script. */
  startRun(positionOf: (stack: string | undefined) => CodePosition | null): void {
    this.flush();
    this.kept = 0;
    this.dropped = 0;
    this.positionOf = positionOf;
  }

  /** Wraps the console methods of `target` (the frame's console). */
  install(target: Console): void {
    const levels: Record<Method, ConsoleLevel> = {
      log: 'log',
      info: 'info',
      warn: 'warn',
      error: 'error',
      debug: 'debug',
      trace: 'log',
      dir: 'log',
      table: 'log',
      assert: 'error',
    };
    for (const method of Object.keys(levels) as Method[]) {
      const original = target[method].bind(target) as (...args: unknown[]) => void;
      target[method] = (...args: unknown[]) => {
        if (method === 'assert') {
          if (args[0]) return;
          this.add('error', ['Assertion failed:', ...args.slice(1)], new Error().stack);
        } else {
          this.add(levels[method], args, new Error().stack);
        }
        original(...args);
      };
    }
  }

  /** Adds an entry made by the runtime (a Python line, an alert() call). */
  add(
    level: ConsoleLevel,
    args: readonly unknown[],
    stack?: string,
    at?: CodePosition | null,
  ): void {
    if (this.kept >= PREVIEW_CONSOLE_MAX_ENTRIES) {
      this.dropped++;
      this.schedule();
      return;
    }
    this.kept++;
    const position = at ?? this.positionOf(stack);
    this.entries.push({
      level,
      text: formatArgs(args),
      line: position?.line ?? null,
      column: position?.column ?? null,
    });
    this.schedule();
  }

  /** Counts entries left out elsewhere (the Python worker's own cap). */
  addDropped(count: number): void {
    if (count <= 0) return;
    this.dropped += count;
    this.schedule();
  }

  private schedule(): void {
    this.timer ??= setTimeout(() => this.flush(), FLUSH_MS);
  }

  /** Sends what is waiting now. */
  flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.entries.length === 0 && this.dropped === 0) return;
    const entries = this.entries;
    this.entries = [];
    this.send(entries, this.dropped);
  }
}
