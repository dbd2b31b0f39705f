/**
 * Builds code for the live preview with the server's native esbuild (docs/decisions/019):
 * TypeScript, JSX and TSX become one ES module whose imports of the vendored packages stay
 * bare (the sandbox's import map serves them from our origin), with a source map. Any other
 * import is an error with its line; nothing is fetched. esbuild works in its own process, so
 * a build never holds up the event loop; the sandbox adds the loop guards (decision 020).
 */
import * as esbuild from 'esbuild';
import {
  packageNameOf,
  packageNotAvailableMessage,
  PREVIEW_SPECIFIERS,
  type PreviewBuildRequest,
  type PreviewBuildResult,
  type PreviewDiagnostic,
} from '@codewright/contract';
import { AppError } from '../../lib/app-error.ts';

const VENDORED = new Set(PREVIEW_SPECIFIERS);
const STYLE_FILE = /\.(css|scss|sass|less)$/i;
const EMPTY_NAMESPACE = 'codewright-empty';

export interface PreviewBuildService {
  /** Builds one file; a problem in the code is an `ok: false` answer, never a throw. */
  build(input: PreviewBuildRequest): Promise<PreviewBuildResult>;
}

function diagnosticOf(message: esbuild.Message): PreviewDiagnostic {
  return {
    message: message.text,
    line: message.location ? message.location.line : null,
    column: message.location ? message.location.column + 1 : null,
  };
}

/** What an import the preview cannot serve is told, or undefined for a vendored package. */
function refusalOf(specifier: string): string | undefined {
  if (VENDORED.has(specifier)) return undefined;
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(specifier) || specifier.startsWith('//')) {
    return `${specifier} is not available in the preview: it loads nothing from other hosts`;
  }
  if (specifier.startsWith('.') || specifier.startsWith('/')) {
    return `${specifier} is not available in the preview: it runs one file at a time, so put everything in this file`;
  }
  return packageNotAvailableMessage(packageNameOf(specifier.replace(/^node:/, '')));
}

/** Resolves the imports of the user's file: vendored → external, stylesheets → empty, others → error. */
function previewImports(): esbuild.Plugin {
  return {
    name: 'codewright-preview-imports',
    setup(build) {
      build.onResolve({ filter: /.*/ }, (args) => {
        if (args.kind === 'entry-point') return undefined;
        if (VENDORED.has(args.path)) return { path: args.path, external: true };
        if (STYLE_FILE.test(args.path) && args.path.startsWith('.')) {
          return {
            path: args.path,
            namespace: EMPTY_NAMESPACE,
            warnings: [
              {
                text: `${args.path} is not part of the preview (it runs one file); Tailwind classes work without it`,
              },
            ],
          };
        }
        return { errors: [{ text: refusalOf(args.path) ?? args.path }] };
      });
      build.onLoad({ filter: /.*/, namespace: EMPTY_NAMESPACE }, () => ({
        contents: '',
        loader: 'js',
      }));
    },
  };
}

type Loader = 'jsx' | 'tsx' | 'ts';

async function bundle(code: string, loader: Loader, signal: AbortSignal) {
  const context = await esbuild.context({
    stdin: { contents: code, loader, sourcefile: `main.${loader === 'ts' ? 'ts' : loader}` },
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    jsx: 'automatic',
    sourcemap: 'external',
    sourcesContent: false,
    outfile: 'main.js',
    logLevel: 'silent',
    legalComments: 'none',
    charset: 'utf8',
    define: { 'process.env.NODE_ENV': '"development"' },
    plugins: [previewImports()],
  });
  const cancel = () => void context.cancel();
  signal.addEventListener('abort', cancel, { once: true });
  try {
    // The time may have run out while esbuild was setting up.
    if (signal.aborted) throw new AppError('PREVIEW_BUILD_TIMEOUT', 422);
    return await context.rebuild();
  } finally {
    signal.removeEventListener('abort', cancel);
    await context.dispose();
  }
}

const failure = (errors: PreviewDiagnostic[], warnings: PreviewDiagnostic[]) =>
  ({ ok: false, code: '', map: null, errors, warnings }) satisfies PreviewBuildResult;

async function buildModule(
  code: string,
  loaders: Loader[],
  signal: AbortSignal,
): Promise<PreviewBuildResult> {
  let firstFailure: esbuild.BuildFailure | undefined;
  for (const loader of loaders) {
    try {
      const result = await bundle(code, loader, signal);
      const js = result.outputFiles.find((f) => f.path.endsWith('.js'))?.text ?? '';
      const map = result.outputFiles.find((f) => f.path.endsWith('.map'))?.text ?? null;
      const warnings = result.warnings.map(diagnosticOf);
      // The map travels in the answer; the sandbox maps stack lines itself.
      const module = js.replace(/\n\/\/# sourceMappingURL=\S+\s*$/, '\n');
      return { ok: true, code: module, map, errors: [], warnings };
    } catch (err) {
      if (signal.aborted) throw new AppError('PREVIEW_BUILD_TIMEOUT', 422);
      if (!isBuildFailure(err)) throw err;
      firstFailure ??= err;
    }
  }
  return failure(firstFailure!.errors.map(diagnosticOf), firstFailure!.warnings.map(diagnosticOf));
}

function isBuildFailure(err: unknown): err is esbuild.BuildFailure {
  return err instanceof Error && Array.isArray((err as Partial<esbuild.BuildFailure>).errors);
}

/** The build service; builds time out after `timeoutMs` (422 PREVIEW_BUILD_TIMEOUT). */
export function createPreviewBuildService(options: { timeoutMs: number }): PreviewBuildService {
  return {
    async build({ code, language }) {
      const signal = AbortSignal.timeout(options.timeoutMs);
      // TSX first, since models write React in TypeScript; a plain .ts file with a generic arrow
      // (`<T>(x: T) => x`) only parses as TS.
      const loaders: Loader[] = language === 'typescript' ? ['tsx', 'ts'] : ['jsx'];
      return buildModule(code, loaders, signal);
    },
  };
}
