// Bundles the server into dist/server.js: our workspace packages (@codewright/*,
// TypeScript source) are inlined; real npm packages (the embedded PostgreSQL's
// binaries among them) stay external and load from node_modules.
import { build } from 'esbuild';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const outdir = path.join(here, 'dist');

/** Keep every bare import external except our own workspace packages. */
const externalNpm = {
  name: 'external-npm',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('@codewright/')) return undefined;
      return { path: args.path, external: true };
    });
  },
};

// Chunks of earlier builds (their names carry a content hash).
const CHUNK = /^chunk-[A-Z0-9]{8}\.js(\.map)?$/;
for (const old of await fs.readdir(outdir).catch(() => [])) {
  if (CHUNK.test(old)) await fs.rm(path.join(outdir, old), { force: true });
}

const started = Date.now();
await build({
  entryPoints: [path.join(here, 'src/server.ts')],
  // Split: server.js takes DATA_DIR's lock before the app (and its npm packages) loads,
  // so a second server on the same DATA_DIR refuses in a moment. Chunks sit beside
  // server.js, so paths relative to import.meta.url (src/paths.ts) hold in all of them.
  outdir,
  entryNames: '[name]',
  chunkNames: 'chunk-[hash]',
  splitting: true,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  legalComments: 'none',
  plugins: [externalNpm],
  logLevel: 'warning',
});
console.log(`server: built dist/server.js in ${Date.now() - started} ms`);

// The document worker runs in a worker thread from its own file, found beside the bundle
// (new URL('./document-worker.mjs', import.meta.url) in modules/data-services/document-pool.ts).
await build({
  entryPoints: [path.join(here, 'src/modules/data-services/document-worker.mjs')],
  outfile: path.join(outdir, 'document-worker.mjs'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  legalComments: 'none',
  plugins: [externalNpm],
  logLevel: 'warning',
});

// Earlier builds wrote a PGlite template beside the bundle; the embedded database no longer uses one.
for (const old of await fs.readdir(outdir)) {
  if (old.startsWith('pglite-template-'))
    await fs.rm(path.join(outdir, old), { recursive: true, force: true });
}
