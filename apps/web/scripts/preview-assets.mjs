// Builds the live preview's files into <outDir>/preview/ (docs/preview.md, docs/decisions/019
// and 020), run by the web build (vite.config.ts, previewAssets()):
//   vendor/   the packages of PREVIEW_PACKAGES as ES modules (one React for all), and
//             Tailwind's browser build; names carry a content hash
//   pyodide/<version>/   Pyodide's runtime and standard library, from its npm package, and
//                        the memory snapshot of a started Python (pyodide-snapshot.mjs)
//   runtime-<hash>.js, python-worker-<hash>.js   the sandbox's own code (features/preview/sandbox)
//   jsx-source-<hash>.js   react/jsx-dev-runtime in the import map: React's jsx, with each
//                          element's source place (select mode, issue 53)
//   frame.html     the sandbox document: import map, config, runtime
//   manifest.json  what is vendored, with versions
// Everything comes from node_modules; nothing is downloaded.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import * as esbuild from 'esbuild';

const WEB = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(path.join(WEB, 'package.json'));
const SANDBOX = path.join(WEB, 'src/features/preview/sandbox');

/** Pyodide files the sandbox loads (the rest of its package is for Node or the console demo). */
const PYODIDE_FILES = [
  'pyodide.mjs',
  'pyodide.asm.mjs',
  'pyodide.asm.wasm',
  'python_stdlib.zip',
  'pyodide-lock.json',
];

/**
 * Writes the memory snapshot of a started Python into `dir` (docs/decisions/035), named after
 * its content; null when it could not be made (the worker then starts Python the slow way).
 */
function pythonSnapshot(dir) {
  const made = path.join(dir, 'snapshot.tmp');
  try {
    execFileSync(process.execPath, [path.join(WEB, 'scripts/pyodide-snapshot.mjs'), dir, made], {
      stdio: ['ignore', 'ignore', 'pipe'],
      timeout: 180_000,
    });
  } catch (err) {
    const why = err.stderr?.toString().trim().split('\n').at(-1) || err.message;
    console.warn(`preview: no Python snapshot (${why}); Python starts without one`);
    fs.rmSync(made, { force: true });
    return null;
  }
  const name = `snapshot-${hash8(fs.readFileSync(made))}.bin`;
  fs.renameSync(made, path.join(dir, name));
  precompress(path.join(dir, name));
  return name;
}

/** React's development build: its error messages are whole, which "Fix with AI" needs. */
const DEFINE = { 'process.env.NODE_ENV': '"development"' };

const hash8 = (bytes) => createHash('sha256').update(bytes).digest('hex').slice(0, 8);
const outName = (specifier) => specifier.replace(/^@/, '').replace(/\//g, '-');

/** A package's version, from the package.json above its entry (some do not export theirs). */
function versionOf(pkg) {
  for (let dir = path.dirname(require.resolve(pkg)); ; dir = path.dirname(dir)) {
    const file = path.join(dir, 'package.json');
    if (fs.existsSync(file)) {
      const json = JSON.parse(fs.readFileSync(file, 'utf8'));
      if (json.name === pkg) return json.version;
    }
    if (path.dirname(dir) === dir) throw new Error(`preview: no package.json found for ${pkg}`);
  }
}

/**
 * Writes .br and .gz copies of a file, as the app's own assets have (plugins/static.ts).
 * Brotli's top quality takes seconds on megabyte files, for a few per cent: large files get less.
 */
function precompress(file) {
  const bytes = fs.readFileSync(file);
  if (bytes.length < 1024) return;
  const quality = /\.(wasm|bin)$/.test(file) ? 5 : bytes.length > 256 * 1024 ? 9 : 11;
  const brotli = { params: { [constants.BROTLI_PARAM_QUALITY]: quality } };
  fs.writeFileSync(`${file}.br`, brotliCompressSync(bytes, brotli));
  fs.writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }));
}

/**
 * The named exports an ES module package has, or null for a CommonJS one (esbuild cannot
 * see those statically). `hasDefault` says whether `export { default }` resolves.
 */
async function probeExports(specifier) {
  const probe = (contents) =>
    esbuild.build({
      stdin: { contents, resolveDir: WEB, loader: 'js' },
      bundle: true,
      write: false,
      format: 'esm',
      metafile: true,
      logLevel: 'silent',
      define: DEFINE,
    });
  const star = await probe(`export * from ${JSON.stringify(specifier)};`);
  const names = Object.values(star.metafile.outputs)[0].exports;
  if (names.length === 0) return null;
  const hasDefault = await probe(`export { default } from ${JSON.stringify(specifier)};`).then(
    () => true,
    () => false,
  );
  return { hasDefault };
}

/** The entry module re-exporting one vendored specifier with static names. */
async function vendorEntry(specifier) {
  const from = JSON.stringify(specifier);
  const esm = await probeExports(specifier);
  if (esm)
    return `export * from ${from};\n${esm.hasDefault ? `export { default } from ${from};\n` : ''}`;
  const previous = process.env.NODE_ENV;
  process.env.NODE_ENV = 'development';
  const names = Object.keys(require(specifier)).filter((n) => /^[A-Za-z_$][\w$]*$/.test(n));
  process.env.NODE_ENV = previous;
  return `import m from ${from};\nexport default m;\nexport const { ${names.join(', ')} } = m;\n`;
}

/** Builds the vendored packages with shared chunks (one React); returns specifier → file. */
async function buildVendor(dir, specifiers) {
  const entries = new Map();
  for (const specifier of specifiers) entries.set(outName(specifier), await vendorEntry(specifier));
  const result = await esbuild.build({
    entryPoints: [...entries.keys()].map((name) => ({ in: `vendor:${name}`, out: name })),
    plugins: [
      {
        name: 'vendor-entries',
        setup(b) {
          b.onResolve({ filter: /^vendor:/ }, (args) => ({ path: args.path, namespace: 'vendor' }));
          b.onLoad({ filter: /.*/, namespace: 'vendor' }, (args) => ({
            contents: entries.get(args.path.slice('vendor:'.length)),
            resolveDir: WEB,
            loader: 'js',
          }));
        },
      },
    ],
    bundle: true,
    splitting: true,
    format: 'esm',
    target: 'es2022',
    minify: true,
    define: DEFINE,
    outdir: dir,
    entryNames: '[name]-[hash]',
    chunkNames: 'chunk-[hash]',
    metafile: true,
    legalComments: 'eof',
    logLevel: 'warning',
  });
  const files = new Map();
  for (const [file, output] of Object.entries(result.metafile.outputs)) {
    const entry = output.entryPoint?.replace(/^vendor:vendor:/, '');
    if (entry) files.set(entry, path.basename(file));
  }
  return new Map(specifiers.map((s) => [s, files.get(outName(s))]));
}

/** Copies a file under a name with its content hash; returns the new name. */
function copyHashed(source, dir, stem) {
  const bytes = fs.readFileSync(source);
  const name = `${stem}-${hash8(bytes)}${path.extname(source)}`;
  fs.writeFileSync(path.join(dir, name), bytes);
  return name;
}

/** Bundles one sandbox entry (runtime or worker); returns its hashed file name. */
async function buildSandboxEntry(dir, entry, stem, { external = [], format = 'esm' } = {}) {
  const result = await esbuild.build({
    entryPoints: [path.join(SANDBOX, entry)],
    bundle: true,
    write: false,
    format,
    target: 'es2022',
    minify: true,
    external,
    legalComments: 'eof',
    logLevel: 'warning',
    outfile: `${stem}.js`,
  });
  const bytes = result.outputFiles[0].contents;
  const name = `${stem}-${hash8(bytes)}.js`;
  fs.writeFileSync(path.join(dir, name), bytes);
  return name;
}

const escapeScript = (json) => json.replace(/</g, '\\u003c');

/** The sandbox document (served with its own CSP, apps/server/src/plugins/preview-headers.ts). */
function frameHtml({ importMap, config, runtime }) {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Preview · Codewright</title>
<script type="importmap">${escapeScript(JSON.stringify(importMap))}</script>
<script type="application/json" id="codewright-preview-config">${escapeScript(JSON.stringify(config))}</script>
<script type="module" src="/preview/${runtime}"></script>
</head>
<body><div id="root"></div></body>
</html>
`;
}

/** PREVIEW_PACKAGES of packages/contract/src/preview.ts (TypeScript, so read through esbuild). */
async function previewPackages() {
  const result = await esbuild.build({
    stdin: {
      contents: "export { PREVIEW_PACKAGES } from '@codewright/contract';",
      resolveDir: WEB,
      loader: 'js',
    },
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'node',
    logLevel: 'silent',
  });
  const source = Buffer.from(result.outputFiles[0].contents).toString('base64');
  return (await import(`data:text/javascript;base64,${source}`)).PREVIEW_PACKAGES;
}

/** Builds <outDir>/preview/ from node_modules; resolves with the manifest and the time taken. */
export async function buildPreviewAssets({ outDir }) {
  const packages = await previewPackages();
  const started = Date.now();
  const root = path.join(outDir, 'preview');
  const vendorDir = path.join(root, 'vendor');
  fs.rmSync(root, { recursive: true, force: true });
  fs.mkdirSync(vendorDir, { recursive: true });

  const specifiers = packages.flatMap((p) => p.specifiers);
  const vendor = await buildVendor(vendorDir, specifiers);
  const tailwind = copyHashed(
    require.resolve('@tailwindcss/browser'),
    vendorDir,
    'tailwindcss-browser',
  );

  const pyodideVersion = versionOf('pyodide');
  const pyodideDir = path.join(root, 'pyodide', pyodideVersion);
  fs.mkdirSync(pyodideDir, { recursive: true });
  const pyodideSource = path.dirname(require.resolve('pyodide/package.json'));
  for (const file of PYODIDE_FILES) {
    const to = path.join(pyodideDir, file);
    fs.copyFileSync(path.join(pyodideSource, file), to);
    // The standard library zip is compressed already.
    if (!file.endsWith('.zip')) precompress(to);
  }
  const snapshot = pythonSnapshot(pyodideDir);

  const runtime = await buildSandboxEntry(root, 'runtime.ts', 'runtime', { external: specifiers });
  // The build's jsxDev calls go through it: elements say where their JSX is (select mode).
  const jsxSource = await buildSandboxEntry(root, 'jsx-source.ts', 'jsx-source', {
    external: specifiers,
  });
  // A classic worker: a module worker from a blob does not start at an opaque origin.
  const pythonWorker = await buildSandboxEntry(root, 'python-worker.ts', 'python-worker', {
    format: 'iife',
  });
  for (const file of fs.readdirSync(vendorDir)) precompress(path.join(vendorDir, file));
  for (const file of [runtime, jsxSource, pythonWorker]) precompress(path.join(root, file));

  const importMap = {
    imports: {
      ...Object.fromEntries(specifiers.map((s) => [s, `/preview/vendor/${vendor.get(s)}`])),
      'react/jsx-dev-runtime': `/preview/${jsxSource}`,
    },
  };
  const config = {
    tailwind: `/preview/vendor/${tailwind}`,
    pythonWorker: `/preview/${pythonWorker}`,
    pyodide: `/preview/pyodide/${pyodideVersion}/`,
    pythonSnapshot: snapshot ? `/preview/pyodide/${pyodideVersion}/${snapshot}` : null,
  };
  fs.writeFileSync(path.join(root, 'frame.html'), frameHtml({ importMap, config, runtime }));
  const manifest = {
    packages: packages.map((p) => ({
      name: p.name,
      version: versionOf(p.name),
      specifiers: p.specifiers,
    })),
    tailwindcss: { package: '@tailwindcss/browser', version: versionOf('@tailwindcss/browser') },
    pyodide: { version: pyodideVersion },
    importMap,
    config,
  };
  fs.writeFileSync(path.join(root, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  return { manifest, ms: Date.now() - started };
}
