/**
 * The Python worker of the sandbox (a classic worker the frame starts from a blob, so it has
 * the frame's opaque origin and CSP). Loads Pyodide once from our origin, then runs each
 * script in fresh globals as `main.py`; print() output comes back line by line.
 * Nothing beyond the standard library is loaded (python-errors.ts says so).
 */
import { PREVIEW_CONSOLE_MAX_ENTRIES } from '@codewright/contract';
import { PYTHON_FILENAME, PYTHON_PROJECT_DIR, pythonProblemOf } from './python-errors.ts';

interface Pyodide {
  runPython(code: string): unknown;
  runPythonAsync(
    code: string,
    options: { globals: unknown; filename: string; dedent: boolean },
  ): Promise<unknown>;
  globals: { get(name: string): () => { destroy(): void } };
  setStdout(options: { batched: (line: string) => void }): void;
  setStderr(options: { batched: (line: string) => void }): void;
  setStdin(options: { stdin: () => null }): void;
}

type ToWorker =
  | { type: 'init'; indexURL: string; snapshotURL: string | null }
  | { type: 'run'; runId: number; code: string; files?: ProjectFile[] };

interface ProjectFile {
  path: string;
  content: string;
}

/**
 * Python that makes PYTHON_PROJECT_DIR hold exactly `files` (a JSON text): the modules imported from
 * the last run's files are forgotten, so an edited helper is imported afresh.
 */
const WRITE_FILES = (json: string) => `
import json, os, sys, shutil, importlib
_root = ${JSON.stringify(PYTHON_PROJECT_DIR)}
for _name, _module in list(sys.modules.items()):
    if (getattr(_module, '__file__', None) or '').startswith(_root + '/'):
        del sys.modules[_name]
shutil.rmtree(_root, ignore_errors=True)
os.makedirs(_root, exist_ok=True)
for _file in json.loads(${JSON.stringify(json)}):
    _path = os.path.normpath(os.path.join(_root, _file['path']))
    if not _path.startswith(_root + '/'):
        continue
    os.makedirs(os.path.dirname(_path), exist_ok=True)
    with open(_path, 'w', encoding='utf-8') as _handle:
        _handle.write(_file['content'])
if _root not in sys.path:
    sys.path.insert(0, _root)
os.chdir(_root)
importlib.invalidate_caches()
`;

type LoadPyodide = (options: Record<string, unknown>) => Promise<Pyodide>;

const scope = self as unknown as {
  postMessage(message: unknown): void;
  onmessage: ((event: MessageEvent<ToWorker>) => void) | null;
};

let pyodide: Pyodide | null = null;
let runId = -1;
let pending: Array<{ stream: 'stdout' | 'stderr'; text: string }> = [];
let sent = 0;
let dropped = 0;
let lastFlush = 0;

function flush(): void {
  if (pending.length === 0 && dropped === 0) return;
  scope.postMessage({ type: 'output', runId, lines: pending, dropped });
  pending = [];
  lastFlush = performance.now();
}

function write(stream: 'stdout' | 'stderr', text: string): void {
  if (runId < 0) return;
  if (sent >= PREVIEW_CONSOLE_MAX_ENTRIES) {
    // Past the Console's limit only the count goes out, at most every 100 ms.
    dropped++;
    if (performance.now() - lastFlush > 100) flush();
    return;
  }
  sent++;
  pending.push({ stream, text });
  // Each line goes out at once (at most PREVIEW_CONSOLE_MAX_ENTRIES messages a run): a line
  // held back for a batch was lost when the script then looped until the worker was stopped.
  flush();
}

/** The snapshot's bytes (docs/decisions/035). */
async function snapshotOf(url: string): Promise<ArrayBuffer> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`the Python snapshot answered ${response.status}`);
  return response.arrayBuffer();
}

/**
 * Pyodide restored from the build's memory snapshot of a started Python, which skips most of
 * its start-up; without a snapshot, or when it does not restore, Pyodide starts from scratch.
 * The snapshot holds the state of `random` as it was seeded at build time: it is seeded again
 * here, so each session draws its own numbers.
 */
async function startPyodide(
  loadPyodide: LoadPyodide,
  indexURL: string,
  snapshotURL: string | null,
): Promise<Pyodide> {
  const options = { indexURL, packages: [], checkAPIVersion: true };
  if (snapshotURL) {
    try {
      const restored = await loadPyodide({ ...options, _loadSnapshot: snapshotOf(snapshotURL) });
      restored.runPython('import random\nrandom.seed()');
      return restored;
    } catch (err) {
      console.warn('Python starts without its snapshot:', err);
    }
  }
  return loadPyodide(options);
}

async function init(indexURL: string, snapshotURL: string | null): Promise<void> {
  const started = performance.now();
  // Pyodide probes for a classic worker with importScripts("data:…"), which the CSP refuses
  // (a violation report each time); without importScripts it takes the import() path.
  (self as unknown as { importScripts?: unknown }).importScripts = undefined;
  try {
    const { loadPyodide } = (await import(/* @vite-ignore */ `${indexURL}pyodide.mjs`)) as {
      loadPyodide: LoadPyodide;
    };
    pyodide = await startPyodide(loadPyodide, indexURL, snapshotURL);
    pyodide.setStdout({ batched: (line) => write('stdout', line) });
    pyodide.setStderr({ batched: (line) => write('stderr', line) });
    pyodide.setStdin({
      stdin: () => {
        write('stderr', 'input() has no keyboard in the preview: it reads the end of input.');
        return null;
      },
    });
    scope.postMessage({ type: 'ready', ms: performance.now() - started });
  } catch (err) {
    scope.postMessage({
      type: 'init-error',
      message: `Python could not start: ${err instanceof Error ? err.message : String(err)}`,
    });
  }
}

async function run(id: number, code: string, files: ProjectFile[]): Promise<void> {
  if (!pyodide) return;
  runId = id;
  sent = 0;
  dropped = 0;
  lastFlush = performance.now();
  const globals = pyodide.globals.get('dict')();
  try {
    pyodide.runPython(WRITE_FILES(JSON.stringify(files)));
    await pyodide.runPythonAsync(code, { globals, filename: PYTHON_FILENAME, dedent: false });
    flush();
  } catch (err) {
    flush();
    const problem = pythonProblemOf(err instanceof Error ? err.message : String(err));
    scope.postMessage({ type: 'error', runId: id, ...problem });
  } finally {
    globals.destroy();
    scope.postMessage({ type: 'done', runId: id });
    runId = -1;
  }
}

let queue = Promise.resolve();
scope.onmessage = (event) => {
  const message = event.data;
  queue = queue.then(() =>
    message.type === 'init'
      ? init(message.indexURL, message.snapshotURL)
      : run(message.runId, message.code, message.files ?? []),
  );
};
