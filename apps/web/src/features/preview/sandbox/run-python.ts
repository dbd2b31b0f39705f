/**
 * Python runs in a worker the frame starts from a blob (a worker must share the frame's
 * opaque origin; the blob loads our built worker script). It is a classic worker: Chromium
 * does not start a module worker from a blob at an opaque origin. The worker stays for later runs,
 * so only the first run of a frame pays for loading Pyodide; a run over
 * PREVIEW_PYTHON_TIME_LIMIT_MS ends the worker. Output goes to the Console and to the page.
 */
import { PREVIEW_PYTHON_TIME_LIMIT_MS } from '@codewright/contract';
import type { RunContext, SandboxConfig } from './run-context.ts';

type FromWorker =
  | { type: 'ready'; ms: number }
  | { type: 'init-error'; message: string }
  | {
      type: 'output';
      runId: number;
      lines: Array<{ stream: 'stdout' | 'stderr'; text: string }>;
      dropped: number;
    }
  | { type: 'error'; runId: number; message: string; line: number | null }
  | { type: 'done'; runId: number };

let worker: Worker | null = null;
let ready: Promise<void> | null = null;
let loaded = false;
let listener: ((message: FromWorker) => void) | null = null;

function startWorker(config: SandboxConfig): Promise<void> {
  const absolute = (path: string) => new URL(path, location.href).href;
  const source = `importScripts(${JSON.stringify(absolute(config.pythonWorker))});`;
  const url = URL.createObjectURL(new Blob([source], { type: 'text/javascript' }));
  const started = new Worker(url, { name: 'python' });
  worker = started;
  started.onmessage = (event: MessageEvent<FromWorker>) => listener?.(event.data);
  return new Promise<void>((resolve, reject) => {
    listener = (message) => {
      if (message.type === 'ready') resolve();
      else if (message.type === 'init-error') reject(new Error(message.message));
    };
    started.onerror = (event) => {
      event.preventDefault();
      reject(new Error(`Python could not start: ${event.message || 'its worker failed to load'}`));
    };
    started.postMessage({
      type: 'init',
      indexURL: absolute(config.pyodide),
      snapshotURL: config.pythonSnapshot ? absolute(config.pythonSnapshot) : null,
    });
  }).then(() => {
    loaded = true;
  });
}

/** Starts Pyodide before any code is there (the app has a Python editor open). */
export function preparePython(config: SandboxConfig): void {
  // A failure is reported by the run that waits for it.
  ready ??= startWorker(config);
  ready.catch(() => {});
}

function stopWorker(): void {
  worker?.terminate();
  worker = null;
  ready = null;
  loaded = false;
  listener = null;
}

/** The page of a Python run: its output, as a terminal shows it. */
function outputView(): HTMLPreElement {
  document.body.replaceChildren();
  const pre = document.createElement('pre');
  pre.id = 'python-output';
  pre.style.cssText =
    'margin:0;padding:12px;font:13px/1.5 ui-monospace,SFMono-Regular,Menlo,monospace;white-space:pre-wrap;color:#111';
  document.body.append(pre);
  return pre;
}

/**
 * Runs a Python script, with the project's other `files` in its folder (so `import helper` and
 * `open('data.txt')` work); resolves when it has finished, failed or been stopped.
 */
export async function runPython(
  code: string,
  ctx: RunContext,
  files: ReadonlyArray<{ path: string; content: string }> = [],
): Promise<void> {
  const pre = outputView();
  if (!loaded) ctx.status('loading-python');
  ready ??= startWorker(ctx.config);
  try {
    await ready;
  } catch (err) {
    stopWorker();
    ctx.problem('module', err instanceof Error ? err.message : String(err), null);
    return;
  }
  ctx.status('running');
  const runId = ctx.runId;
  await new Promise<void>((resolve) => {
    const timer = setTimeout(() => {
      stopWorker();
      ctx.problem(
        'timeout',
        `The Python script ran for more than ${PREVIEW_PYTHON_TIME_LIMIT_MS / 1000} s. Is a loop endless?`,
        null,
      );
      resolve();
    }, PREVIEW_PYTHON_TIME_LIMIT_MS);
    listener = (message) => {
      if (!('runId' in message) || message.runId !== runId) return;
      if (message.type === 'output') {
        ctx.console.addDropped(message.dropped);
        for (const { stream, text } of message.lines) {
          ctx.console.add(stream === 'stdout' ? 'log' : 'error', [text], undefined, null);
          const span = document.createElement('span');
          if (stream === 'stderr') span.style.color = '#b91c1c';
          span.textContent = `${text}\n`;
          pre.append(span);
        }
      } else if (message.type === 'error') {
        ctx.problem('runtime', message.message, message.line);
        const span = document.createElement('span');
        span.style.color = '#b91c1c';
        span.textContent = `${message.message}\n`;
        pre.append(span);
      } else if (message.type === 'done') {
        clearTimeout(timer);
        resolve();
      }
    };
    worker!.postMessage({ type: 'run', runId, code, files });
  });
}
