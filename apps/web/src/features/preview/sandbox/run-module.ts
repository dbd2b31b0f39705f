/**
 * Module mode: the build's ES module, with loop guards, imported from a blob: URL (its bare
 * imports go through the frame's import map to our vendored files). A default export that is
 * a component is rendered into #root, unless the module rendered something there itself;
 * any other module simply runs (a DOM or console script).
 */
import { NO_DEFAULT_EXPORT_MESSAGE } from '@codewright/contract';
import type * as ReactModule from 'react';
import type { ComponentType, ReactNode } from 'react';
import type * as ReactDomClient from 'react-dom/client';
import { insertLoopGuards, LoopGuardSyntaxError } from './loop-guard.ts';
import type { RunContext } from './run-context.ts';
import { shiftsByLine, SourcePositions } from './source-positions.ts';
import { loadTailwind } from './tailwind.ts';

/** Messages of a module that could not be loaded or linked (Chromium, Firefox, Safari). */
const LOAD_FAILURE =
  /Failed to resolve module specifier|Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|does not provide an export named|doesn't provide an export named/;
/** Longest wait for a component's first commit (one that suspends forever). */
const RENDER_WAIT_MS = 5_000;

/** A frame out of sight (the Console tab, a background tab) gets no animation frames. */
const HIDDEN_PAINT_WAIT_MS = 250;

/** Resolves after the browser has painted what is on the page now (or could not, hidden). */
export function nextPaint(): Promise<void> {
  return new Promise((resolve) => {
    const fallback = setTimeout(resolve, HIDDEN_PAINT_WAIT_MS);
    requestAnimationFrame(() =>
      setTimeout(() => {
        clearTimeout(fallback);
        resolve();
      }, 0),
    );
  });
}

/** True when the module put something into #root itself (its own createRoot). */
function rootTaken(container: HTMLElement | null): boolean {
  if (!container) return true;
  return (
    container.childNodes.length > 0 ||
    Object.keys(container).some((key) => key.startsWith('__reactContainer'))
  );
}

/** The import line naming `name`, for a link error that carries no position. */
function importLineOf(code: string, name: string): number | null {
  const lines = code.split('\n');
  const word = new RegExp(`\\b${name.replace(/[$]/g, '\\$')}\\b`);
  const index = lines.findIndex((line) => /^\s*import\b/.test(line) && word.test(line));
  return index === -1 ? null : index + 1;
}

async function render(Component: ComponentType, ctx: RunContext): Promise<void> {
  // Through the import map: the same React the user's module imports.
  const [React, { createRoot }] = (await Promise.all([
    import(/* @vite-ignore */ 'react'),
    import(/* @vite-ignore */ 'react-dom/client'),
  ])) as [typeof ReactModule, typeof ReactDomClient];
  await new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, RENDER_WAIT_MS);
    const done = () => {
      clearTimeout(timer);
      resolve();
    };
    const root = createRoot(document.getElementById('root')!, {
      onUncaughtError: (error) => {
        ctx.error('runtime', error);
        done();
      },
      onCaughtError: (error) => ctx.error('runtime', error),
      onRecoverableError: (error) => ctx.console.add('warn', [error]),
    });
    // Its layout effect runs once the whole tree below has been committed to the page.
    function Committed({ children }: { children: ReactNode }) {
      React.useLayoutEffect(done, []);
      return children;
    }
    root.render(React.createElement(Committed, null, React.createElement(Component)));
  });
}

/**
 * Readies a spare frame for a module run (frame-host.ts): the vendored packages are imported
 * (fetched, compiled and evaluated) and Tailwind loaded, so the run only pays for its own code.
 */
export async function prepareModuleRun(config: RunContext['config']): Promise<void> {
  const imports = JSON.parse(
    document.querySelector('script[type="importmap"]')?.textContent ?? '{"imports":{}}',
  ) as { imports: Record<string, string> };
  await Promise.allSettled([
    loadTailwind(config.tailwind),
    ...Object.keys(imports.imports).map((specifier) => import(/* @vite-ignore */ specifier)),
  ]);
}

/** Runs the build's module; resolves once its first render has painted (or it failed). */
export async function runModule(code: string, map: string | null, ctx: RunContext): Promise<void> {
  ctx.status('running');
  const tailwind = loadTailwind(ctx.config.tailwind).catch((err: Error) =>
    ctx.problem('module', err.message, null),
  );
  let guarded;
  try {
    guarded = insertLoopGuards(code, 'module');
  } catch (err) {
    if (!(err instanceof LoopGuardSyntaxError)) throw err;
    // The build parsed it, so this is a parser disagreement; run without guards.
    guarded = { code, inserted: [] };
  }
  const url = URL.createObjectURL(new Blob([guarded.code], { type: 'text/javascript' }));
  const positions = new SourcePositions(
    [{ url, line: 1, column: 1 }],
    map,
    shiftsByLine(code, guarded.inserted),
  );
  ctx.setPositions(positions);
  let exports: { default?: unknown };
  try {
    exports = (await import(/* @vite-ignore */ url)) as { default?: unknown };
  } catch (err) {
    const message = err instanceof Error ? `${err.name}: ${err.message}` : String(err);
    if (LOAD_FAILURE.test(message)) {
      const missing = /export named '([^']+)'/.exec(message)?.[1];
      const line = missing ? importLineOf(code, missing) : null;
      const at = line ? positions.fromScript(line, 1) : null;
      ctx.problem('module', message, at?.line ?? null, at?.column ?? null);
    } else {
      ctx.error('runtime', err);
    }
    await tailwind;
    return;
  }
  const container = document.getElementById('root');
  if (typeof exports.default === 'function' && !rootTaken(container)) {
    await render(exports.default as ComponentType, ctx);
  } else if (exports.default === undefined && !rootTaken(container)) {
    // Components named but none the default: the page would stay blank without a word.
    const components = Object.entries(exports)
      .filter(([name, value]) => /^[A-Z]/.test(name) && typeof value === 'function')
      .map(([name]) => name);
    if (components.length > 0) {
      ctx.problem(
        'render',
        `${NO_DEFAULT_EXPORT_MESSAGE} (it exports ${components.join(', ')}).`,
        null,
      );
    }
  }
  await tailwind;
  await nextPaint();
}
