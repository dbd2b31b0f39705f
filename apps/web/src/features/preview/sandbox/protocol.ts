/**
 * Messages between the app and the sandbox frame (docs/decisions/020). They cross only by
 * postMessage; each side checks `event.source` (the frame's window, or the app that framed or
 * opened it) and `event.origin` (the frame's is "null"; the app's is the origin of the frame's
 * own URL), then the shape, since code in the frame can post anything too.
 */
import type { PreviewProblemKind } from '@codewright/contract';

export const PREVIEW_MESSAGE_TAG = 'codewright-preview';

/** The attribute that says where an element's JSX or HTML tag is: "file:line:column" (issue 53). */
export const SOURCE_ATTRIBUTE = 'data-cw-src';

export type RunMode = 'module' | 'html' | 'python';
export type ConsoleLevel = 'log' | 'info' | 'warn' | 'error' | 'debug';

/** A file of the project besides the one run (issue 45). */
export interface ProjectFileText {
  path: string;
  content: string;
}

/**
 * App → frame: run this code. `map` is the build's source map (module mode); `css` the
 * stylesheets the module imports (applied first); `files` the project's other files (Python:
 * its folder, so `import helper` works).
 */
export interface RunMessage {
  tag: typeof PREVIEW_MESSAGE_TAG;
  type: 'run';
  runId: number;
  mode: RunMode;
  code: string;
  map: string | null;
  css?: string;
  files?: ProjectFileText[];
}

/** App → frame: are you there? (the watchdog). */
export interface PingMessage {
  tag: typeof PREVIEW_MESSAGE_TAG;
  type: 'ping';
  id: number;
}

/** App → frame: get ready for a run (module: load the vendored packages and Tailwind; python: start Pyodide). */
export interface PrepareMessage {
  tag: typeof PREVIEW_MESSAGE_TAG;
  type: 'prepare';
  mode: 'module' | 'python';
}

/** App → frame: select mode on or off (issue 53): hover outlines elements, a click selects one. */
export interface SelectModeMessage {
  tag: typeof PREVIEW_MESSAGE_TAG;
  type: 'select-mode';
  on: boolean;
}

export type ToFrameMessage = RunMessage | PingMessage | PrepareMessage | SelectModeMessage;

/** An element chosen in select mode: where its tag is written, and what it shows. */
export interface SelectedElement {
  /** "file:line:column" of its opening tag, as SOURCE_ATTRIBUTE has it. */
  source: string;
  /** Its tag name, lower case. */
  tagName: string;
  /** Its text, whitespace collapsed, cut to SELECT_TEXT_MAX. */
  text: string;
  /** Its class attribute, cut to SELECT_CLASSES_MAX. */
  classes: string;
}

/** One Console line; `line` is in the user's code (1-based) when known. */
export interface ConsoleEntry {
  level: ConsoleLevel;
  text: string;
  line: number | null;
  column: number | null;
}

export type FrameStatus = 'loading-python' | 'running' | 'rendered' | 'done';

export type FromFrameMessage =
  | { tag: typeof PREVIEW_MESSAGE_TAG; type: 'hello' }
  | { tag: typeof PREVIEW_MESSAGE_TAG; type: 'pong'; id: number }
  | {
      tag: typeof PREVIEW_MESSAGE_TAG;
      type: 'console';
      runId: number;
      entries: ConsoleEntry[];
      /** Entries of this run so far past the cap, counted but not sent. */
      dropped: number;
    }
  | {
      tag: typeof PREVIEW_MESSAGE_TAG;
      type: 'problem';
      runId: number;
      kind: PreviewProblemKind;
      message: string;
      line: number | null;
      column: number | null;
    }
  | {
      tag: typeof PREVIEW_MESSAGE_TAG;
      type: 'status';
      runId: number;
      status: FrameStatus;
      /** Milliseconds since the frame received the run. */
      ms: number;
    }
  | ({ tag: typeof PREVIEW_MESSAGE_TAG; type: 'select'; runId: number } & SelectedElement)
  /** Escape in the frame: leave select mode. */
  | { tag: typeof PREVIEW_MESSAGE_TAG; type: 'select-exit'; runId: number };

const LEVELS = new Set<string>(['log', 'info', 'warn', 'error', 'debug']);
const KINDS = new Set<string>([
  'compile',
  'runtime',
  'rejection',
  'console',
  'module',
  'blocked',
  'timeout',
  'render',
]);
const STATUSES = new Set<string>(['loading-python', 'running', 'rendered', 'done']);
/** Longest text the app accepts in one message; longer is cut. */
export const MAX_MESSAGE_TEXT = 20_000;
/** A selected element's text and classes as the app keeps them, and its longest source place. */
export const SELECT_TEXT_MAX = 200;
export const SELECT_CLASSES_MAX = 1_000;
const SOURCE_MAX = 600;
const TAG_NAME = /^[a-z][a-z0-9-]{0,40}$/;

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const isLine = (v: unknown): v is number | null =>
  v === null || (typeof v === 'number' && Number.isInteger(v) && v > 0);
const cut = (s: string) => (s.length > MAX_MESSAGE_TEXT ? `${s.slice(0, MAX_MESSAGE_TEXT)}…` : s);

/**
 * The message as the app may use it, or null when it is not one of ours or malformed.
 * Texts are cut to MAX_MESSAGE_TEXT; they are shown as text, never as HTML.
 */
export function readFrameMessage(data: unknown): FromFrameMessage | null {
  if (!isRecord(data) || data.tag !== PREVIEW_MESSAGE_TAG) return null;
  const tag = PREVIEW_MESSAGE_TAG;
  switch (data.type) {
    case 'hello':
      return { tag, type: 'hello' };
    case 'pong':
      return typeof data.id === 'number' ? { tag, type: 'pong', id: data.id } : null;
    case 'console': {
      if (typeof data.runId !== 'number' || !Array.isArray(data.entries)) return null;
      const entries: ConsoleEntry[] = [];
      for (const e of data.entries.slice(0, 1000)) {
        if (!isRecord(e) || !LEVELS.has(e.level as string) || typeof e.text !== 'string') continue;
        entries.push({
          level: e.level as ConsoleLevel,
          text: cut(e.text),
          line: isLine(e.line) ? e.line : null,
          column: isLine(e.column) ? e.column : null,
        });
      }
      const dropped = typeof data.dropped === 'number' && data.dropped > 0 ? data.dropped : 0;
      return { tag, type: 'console', runId: data.runId, entries, dropped };
    }
    case 'problem':
      if (typeof data.runId !== 'number' || !KINDS.has(data.kind as string)) return null;
      if (typeof data.message !== 'string') return null;
      return {
        tag,
        type: 'problem',
        runId: data.runId,
        kind: data.kind as PreviewProblemKind,
        message: cut(data.message),
        line: isLine(data.line) ? data.line : null,
        column: isLine(data.column) ? data.column : null,
      };
    case 'status':
      if (typeof data.runId !== 'number' || !STATUSES.has(data.status as string)) return null;
      return {
        tag,
        type: 'status',
        runId: data.runId,
        status: data.status as FrameStatus,
        ms: typeof data.ms === 'number' ? data.ms : 0,
      };
    case 'select': {
      const { runId, source, tagName, text, classes } = data;
      if (typeof runId !== 'number' || typeof source !== 'string' || typeof tagName !== 'string')
        return null;
      if (source.length > SOURCE_MAX || !TAG_NAME.test(tagName)) return null;
      if (typeof text !== 'string' || typeof classes !== 'string') return null;
      return {
        tag,
        type: 'select',
        runId,
        source,
        tagName,
        text: text.slice(0, SELECT_TEXT_MAX),
        classes: classes.slice(0, SELECT_CLASSES_MAX),
      };
    }
    case 'select-exit':
      return typeof data.runId === 'number'
        ? { tag, type: 'select-exit', runId: data.runId }
        : null;
    default:
      return null;
  }
}

function isFileList(value: unknown): value is ProjectFileText[] {
  return (
    Array.isArray(value) &&
    value.every((f) => isRecord(f) && typeof f.path === 'string' && typeof f.content === 'string')
  );
}

/** The message as the frame may use it, or null. */
export function readAppMessage(data: unknown): ToFrameMessage | null {
  if (!isRecord(data) || data.tag !== PREVIEW_MESSAGE_TAG) return null;
  if (data.type === 'ping' && typeof data.id === 'number') {
    return { tag: PREVIEW_MESSAGE_TAG, type: 'ping', id: data.id };
  }
  if (data.type === 'select-mode' && typeof data.on === 'boolean') {
    return { tag: PREVIEW_MESSAGE_TAG, type: 'select-mode', on: data.on };
  }
  if (data.type === 'prepare' && (data.mode === 'module' || data.mode === 'python')) {
    return { tag: PREVIEW_MESSAGE_TAG, type: 'prepare', mode: data.mode };
  }
  if (
    data.type === 'run' &&
    typeof data.runId === 'number' &&
    (data.mode === 'module' || data.mode === 'html' || data.mode === 'python') &&
    typeof data.code === 'string' &&
    (data.map === null || typeof data.map === 'string') &&
    (data.css === undefined || typeof data.css === 'string') &&
    (data.files === undefined || isFileList(data.files))
  ) {
    return {
      tag: PREVIEW_MESSAGE_TAG,
      type: 'run',
      runId: data.runId,
      mode: data.mode,
      code: data.code,
      map: data.map,
      ...(data.css === undefined ? {} : { css: data.css }),
      ...(data.files === undefined ? {} : { files: data.files }),
    };
  }
  return null;
}

/** The windows the frame may answer to, as `window` has them. */
export interface FrameWindows {
  parent: unknown;
  opener: unknown;
}

/**
 * The window the frame answers: its parent when it is framed (only our pages may frame it:
 * frame-ancestors 'self'), else, in a tab of its own, the window that opened it. Null when it
 * was neither framed nor opened. The caller still checks each message's origin (isFromApp).
 */
export function frameHost(self: FrameWindows): Window | null {
  if (self.parent !== self && self.parent) return self.parent as Window;
  return (self.opener as Window | null) ?? null;
}

/**
 * True when a message comes from the frame's host window (frameHost) at the app's origin. The
 * frame's own origin is opaque, so `appOrigin` is its URL's (`location.origin`): a page of
 * another site that opens the frame, or the frame's own code posting to itself, is not heard.
 */
export function isFromApp(
  event: Pick<MessageEvent, 'source' | 'origin'>,
  host: Window | null,
  appOrigin: string,
): boolean {
  return host !== null && event.source === host && event.origin === appOrigin;
}
