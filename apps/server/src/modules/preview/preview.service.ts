/**
 * Builds code for the live preview with the server's native esbuild (docs/decisions/019):
 * TypeScript, JSX and TSX become one ES module whose imports of the vendored packages stay
 * bare (the sandbox's import map serves them from our origin), with a source map. Any other
 * import is an error with its line; nothing is fetched. esbuild works in its own process, so
 * a build never holds up the event loop; the sandbox adds the loop guards (decision 020).
 */
import { posix } from 'node:path';
import * as esbuild from 'esbuild';
import {
  IMPORT_EXTENSIONS,
  packageNameOf,
  packageNotAvailableMessage,
  PREVIEW_SPECIFIERS,
  type PreviewBuildRequest,
  type PreviewBuildResult,
  type PreviewDiagnostic,
  resolveProjectImport,
} from '@codewright/contract';
import { AppError } from '../../lib/app-error.ts';

const VENDORED = new Set(PREVIEW_SPECIFIERS);
const STYLE_FILE = /\.(css|scss|sass|less)$/i;
const EMPTY_NAMESPACE = 'codewright-empty';
/** The project's other files (issue 45), served to esbuild from memory. */
const FILE_NAMESPACE = 'project';
const LOADERS: Record<string, esbuild.Loader> = {
  '.tsx': 'tsx',
  '.ts': 'ts',
  '.jsx': 'jsx',
  '.js': 'jsx',
  '.mjs': 'js',
  '.json': 'json',
  '.css': 'css',
};

/** The file a relative import names from `fromDir` (`/` is the project's root), or null. */
function resolveInProject(
  files: ReadonlyMap<string, string>,
  fromDir: string,
  specifier: string,
): string | null {
  return resolveProjectImport(files, fromDir.replace(/^\//, ''), specifier);
}

export interface PreviewBuildService {
  /** Builds one file; a problem in the code is an `ok: false` answer, never a throw. */
  build(input: PreviewBuildRequest): Promise<PreviewBuildResult>;
}

function diagnosticOf(message: esbuild.Message, withFile = false): PreviewDiagnostic {
  const file = message.location?.file.replace(`${FILE_NAMESPACE}:`, '');
  return {
    message: message.text,
    line: message.location ? message.location.line : null,
    column: message.location ? message.location.column + 1 : null,
    ...(withFile && file ? { file } : {}),
  };
}

/** What an import the preview cannot serve is told, or undefined for a vendored package. */
function refusalOf(specifier: string): string | undefined {
  if (VENDORED.has(specifier)) return undefined;
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(specifier) || specifier.startsWith('//')) {
    return `${specifier} is not available in the preview: it loads nothing from other hosts`;
  }
  if (specifier.startsWith('.') || specifier.startsWith('/')) {
    return `${specifier} is not a file of this project: add it with New file in Files, beside the editor`;
  }
  return packageNotAvailableMessage(packageNameOf(specifier.replace(/^node:/, '')));
}

/**
 * Resolves the imports of the user's code: vendored → external; with the project's files, a
 * relative import → that file (stylesheets bundled into `css`); without them, stylesheets →
 * empty; anything else → an error naming it.
 */
function previewImports(files: ReadonlyMap<string, string> | null): esbuild.Plugin {
  return {
    name: 'codewright-preview-imports',
    setup(build) {
      build.onResolve({ filter: /.*/ }, (args) => {
        if (args.kind === 'entry-point') return undefined;
        if (VENDORED.has(args.path)) return { path: args.path, external: true };
        if (files && args.path.startsWith('.')) {
          const found = resolveInProject(files, args.resolveDir, args.path);
          if (found) return { path: found, namespace: FILE_NAMESPACE };
          return {
            errors: [
              {
                text: `${args.path} is not a file of this project (looked for ${posix.join(args.resolveDir, args.path).slice(1)} with ${IMPORT_EXTENSIONS.slice(1).join(', ')})`,
              },
            ],
          };
        }
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
      build.onLoad({ filter: /.*/, namespace: FILE_NAMESPACE }, (args) => ({
        contents: files?.get(args.path) ?? '',
        loader: LOADERS[posix.extname(args.path)] ?? 'text',
        resolveDir: `/${posix.dirname(args.path)}`.replace(/\/\.$/, '/'),
      }));
    },
  };
}

type Loader = 'jsx' | 'tsx' | 'ts';

/** The user's code, where it sits in the project, and the project's other files. */
interface Source {
  code: string;
  path: string | undefined;
  files: ReadonlyMap<string, string> | null;
}

async function bundle(source: Source, loader: Loader, signal: AbortSignal) {
  const path = source.path ?? `main.${loader === 'ts' ? 'ts' : loader}`;
  const context = await esbuild.context({
    // The project's root is `/` of a tree that exists only here: file names read as their paths.
    absWorkingDir: '/',
    stdin: {
      contents: source.code,
      loader,
      sourcefile: posix.basename(path),
      resolveDir: `/${posix.dirname(path)}`.replace(/\/\.$/, '/'),
    },
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    jsx: 'automatic',
    // Each element's call carries its file, line and column: the sandbox's JSX runtime puts them
    // on the element (select mode, issue 53). React is its development build there anyway.
    jsxDev: true,
    sourcemap: 'external',
    sourcesContent: false,
    outfile: 'main.js',
    logLevel: 'silent',
    legalComments: 'none',
    charset: 'utf8',
    define: { 'process.env.NODE_ENV': '"development"' },
    plugins: [previewImports(source.files)],
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
  source: Source,
  loaders: Loader[],
  signal: AbortSignal,
): Promise<PreviewBuildResult> {
  let firstFailure: esbuild.BuildFailure | undefined;
  const withFile = source.files !== null;
  const diagnose = (m: esbuild.Message) => diagnosticOf(m, withFile);
  for (const loader of loaders) {
    try {
      const result = await bundle(source, loader, signal);
      const output = (ext: string) => result.outputFiles.find((f) => f.path.endsWith(ext));
      const js = output('.js')?.text ?? '';
      const map = output('.js.map')?.text ?? null;
      const css = output('.css')?.text.replace(/\/\*# sourceMappingURL=\S+ \*\/\s*$/, '');
      const warnings = result.warnings.map(diagnose);
      // The map travels in the answer; the sandbox maps stack lines itself.
      const module = js.replace(/\n\/\/# sourceMappingURL=\S+\s*$/, '\n');
      return { ok: true, code: module, map, errors: [], warnings, ...(css ? { css } : {}) };
    } catch (err) {
      if (signal.aborted) throw new AppError('PREVIEW_BUILD_TIMEOUT', 422);
      if (!isBuildFailure(err)) throw err;
      firstFailure ??= err;
    }
  }
  return failure(firstFailure!.errors.map(diagnose), firstFailure!.warnings.map(diagnose));
}

function isBuildFailure(err: unknown): err is esbuild.BuildFailure {
  return err instanceof Error && Array.isArray((err as Partial<esbuild.BuildFailure>).errors);
}

/** The build service; builds time out after `timeoutMs` (422 PREVIEW_BUILD_TIMEOUT). */
export function createPreviewBuildService(options: { timeoutMs: number }): PreviewBuildService {
  return {
    async build({ code, language, path, files }) {
      const signal = AbortSignal.timeout(options.timeoutMs);
      // TSX first, since models write React in TypeScript; a plain .ts file with a generic arrow
      // (`<T>(x: T) => x`) only parses as TS.
      const loaders: Loader[] = language === 'typescript' ? ['tsx', 'ts'] : ['jsx'];
      const others = files ? new Map(files.map((f) => [f.path, f.content])) : null;
      const started = performance.now();
      const result = await buildModule({ code, path, files: others }, loaders, signal);
      // Past its time, whether or not the timer has fired yet (a warm esbuild can answer within
      // the same turn of the event loop): the limit holds however fast the machine is.
      if (performance.now() - started > options.timeoutMs)
        throw new AppError('PREVIEW_BUILD_TIMEOUT', 422);
      return result;
    },
  };
}
