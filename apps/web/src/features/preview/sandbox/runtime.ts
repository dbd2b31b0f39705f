/**
 * The sandbox runtime (docs/decisions/020), loaded by /preview/frame.html at an opaque
 * origin. It answers only the window that framed it (or, in a tab of its own, the one that
 * opened it), checked by `event.source`, and only when that window is at the app's origin
 * (`event.origin`): a page of another site that opens the frame gets nothing run. It reports
 * back with the app's origin as the target, so nothing it says reaches another site. One frame runs one module or HTML page; a Python
 * frame runs script after script in its worker.
 */
import type { PreviewProblemKind } from '@codewright/contract';
import { ConsoleCapture } from './console-capture.ts';
import { installLoopClock, LoopLimitError } from './loop-clock.ts';
import {
  frameHost,
  type FromFrameMessage,
  isFromApp,
  PREVIEW_MESSAGE_TAG,
  readAppMessage,
  type RunMessage,
} from './protocol.ts';
import type { RunContext, SandboxConfig } from './run-context.ts';
import { runHtml } from './run-html.ts';
import { prepareModuleRun, runModule } from './run-module.ts';
import { preparePython, runPython } from './run-python.ts';
import { createSelectMode } from './select-mode.ts';
import type { SourcePositions } from './source-positions.ts';

type Outgoing = FromFrameMessage extends infer M
  ? M extends unknown
    ? Omit<M, 'tag'>
    : never
  : never;

const config = JSON.parse(
  document.getElementById('codewright-preview-config')?.textContent ?? '{}',
) as SandboxConfig;
const host = frameHost(window);
// The sandbox's URL is the app's own: its origin is the only one that may talk to us or hear us
// (the document's own origin is opaque, "null").
const appOrigin = location.origin;

function post(message: Outgoing): void {
  host?.postMessage({ tag: PREVIEW_MESSAGE_TAG, ...message }, appOrigin);
}

let runId = -1;
let mode: RunMessage['mode'] | null = null;
let started = 0;
let positions: SourcePositions | null = null;

const capture = new ConsoleCapture((entries, dropped) =>
  post({ type: 'console', runId, entries, dropped }),
);
capture.install(console);
installLoopClock(window);
const selectMode = createSelectMode({
  select: (element) => post({ type: 'select', runId, ...element }),
  exit: () => post({ type: 'select-exit', runId }),
});

function problem(
  kind: PreviewProblemKind,
  message: string,
  line: number | null,
  column: number | null = null,
): void {
  capture.flush();
  post({ type: 'problem', runId, kind, message, line, column });
}

function reportError(kind: PreviewProblemKind, error: unknown): void {
  if (error instanceof LoopLimitError) kind = 'timeout';
  const message =
    error instanceof Error ? `${error.name}: ${error.message}` : `Uncaught ${String(error)}`;
  const at = error instanceof Error ? (positions?.fromStack(error.stack) ?? null) : null;
  problem(kind, message, at?.line ?? null, at?.column ?? null);
}

// Modals would block the frame; without allow-modals they do nothing. Say so in the Console.
const say = (name: string, args: unknown[]) =>
  capture.add('info', [`${name}():`, ...args], new Error().stack);
window.alert = (...args: unknown[]) => say('alert', args);
window.confirm = (...args: unknown[]) => (say('confirm', args), false);
window.prompt = (...args: unknown[]) => (say('prompt', args), null);

function onMessage(event: MessageEvent): void {
  if (!isFromApp(event, host, appOrigin)) return;
  const message = readAppMessage(event.data);
  if (!message) return;
  if (message.type === 'ping') {
    post({ type: 'pong', id: message.id });
    return;
  }
  if (message.type === 'select-mode') {
    selectMode.set(message.on);
    return;
  }
  if (message.type === 'prepare') {
    if (mode !== null) return;
    if (message.mode === 'python') preparePython(config);
    else void prepareModuleRun(config);
    return;
  }
  void run(message);
}

function onError(event: ErrorEvent): void {
  if (runId < 0) return;
  if (event.error !== undefined && event.error !== null) {
    reportError('runtime', event.error);
    return;
  }
  const at = event.filename ? positions?.fromScript(event.lineno, event.colno) : null;
  problem('runtime', event.message, at?.line ?? null, at?.column ?? null);
}

function onRejection(event: PromiseRejectionEvent): void {
  if (runId >= 0) reportError('rejection', event.reason);
}

function onViolation(event: SecurityPolicyViolationEvent): void {
  if (runId < 0) return;
  const what = event.blockedURI || event.effectiveDirective;
  const at =
    event.sourceFile && event.lineNumber
      ? positions?.fromScript(event.lineNumber, event.columnNumber || 1)
      : null;
  problem(
    'blocked',
    `Blocked ${what}: the preview loads nothing from other hosts and cannot call the app's API (${event.effectiveDirective}).`,
    at?.line ?? null,
    at?.column ?? null,
  );
}

function installListeners(): void {
  window.addEventListener('message', onMessage);
  window.addEventListener('error', onError);
  window.addEventListener('unhandledrejection', onRejection);
  document.addEventListener('securitypolicyviolation', onViolation);
  selectMode.reinstall();
}

async function run(message: RunMessage): Promise<void> {
  // A module or a page owns its frame; only Python runs again in the same one.
  if (mode !== null && (mode !== 'python' || message.mode !== 'python')) return;
  mode = message.mode;
  runId = message.runId;
  started = performance.now();
  positions = null;
  capture.startRun((stack) => positions?.fromStack(stack) ?? null);
  const ctx: RunContext = {
    runId,
    config,
    console: capture,
    status: (status) => post({ type: 'status', runId, status, ms: performance.now() - started }),
    problem,
    error: reportError,
    setPositions: (p) => {
      positions = p;
    },
    reinstallListeners: installListeners,
  };
  try {
    if (message.mode === 'module') {
      if (message.css) {
        // The stylesheets the module imports (issue 45), before it renders.
        const style = document.createElement('style');
        style.dataset.projectCss = '';
        style.textContent = message.css;
        document.head.append(style);
      }
      await runModule(message.code, message.map, ctx);
    } else if (message.mode === 'html') await runHtml(message.code, ctx);
    else await runPython(message.code, ctx, message.files ?? []);
  } catch (err) {
    reportError('runtime', err);
  }
  capture.flush();
  ctx.status(message.mode === 'python' ? 'done' : 'rendered');
}

installListeners();
if (host) {
  post({ type: 'hello' });
} else {
  document.body.textContent =
    'This preview has lost its link to Codewright. Open it again from the Preview panel.';
}
