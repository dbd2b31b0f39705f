// Bundles the server into dist/server.js: our workspace packages (@codewright/*,
// TypeScript source) are inlined; real npm packages stay external and load
// from node_modules. Also writes dist/pglite-template-<version>.tar (an
// initialised empty PGlite cluster) so a brand-new DATA_DIR starts in well
// under a second instead of running initdb (~4 s).
import { build } from 'esbuild';
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
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

const started = Date.now();
await build({
  entryPoints: [path.join(here, 'src/server.ts')],
  outfile: path.join(outdir, 'server.js'),
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

async function pgliteVersion() {
  const require = createRequire(import.meta.url);
  let dir = path.dirname(require.resolve('@electric-sql/pglite'));
  for (let i = 0; i < 4; i++, dir = path.dirname(dir)) {
    try {
      const pkg = JSON.parse(await fs.readFile(path.join(dir, 'package.json'), 'utf8'));
      if (pkg.name === '@electric-sql/pglite') return pkg.version;
    } catch {
      // keep walking up
    }
  }
  return 'unknown';
}

// Same name as src/db/pglite-template.ts expects.
const template = path.join(outdir, `pglite-template-${await pgliteVersion()}.tar`);
const exists = await fs.access(template).then(
  () => true,
  () => false,
);
if (!exists) {
  const t0 = Date.now();
  for (const old of await fs.readdir(outdir)) {
    if (old.startsWith('pglite-template-')) await fs.rm(path.join(outdir, old), { force: true });
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const db = await PGlite.create('memory://');
  const dump = await db.dumpDataDir('none');
  await db.close();
  const tmp = `${template}.${process.pid}.tmp`;
  await fs.writeFile(tmp, Buffer.from(await dump.arrayBuffer()));
  await fs.rename(tmp, template);
  console.log(`server: wrote ${path.relative(here, template)} in ${Date.now() - t0} ms`);
}
