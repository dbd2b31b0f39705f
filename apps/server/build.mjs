// Bundles the server into dist/server.js: our workspace packages (@codewright/*,
// TypeScript source) are inlined; real npm packages stay external and load
// from node_modules. Also writes dist/pglite-template-<version>/ (an
// initialised, migrated PGlite cluster) so a brand-new DATA_DIR starts by
// copying files instead of running initdb (~4 s) and every migration.
import { build } from 'esbuild';
import { createHash } from 'node:crypto';
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

// Same name as src/db/pglite-template.ts expects: an initialised, migrated and
// cleanly closed cluster that a brand-new DATA_DIR/db is copied from. It is
// rebuilt when PGlite or the migrations change (a stamp beside it records which).
const template = path.join(outdir, `pglite-template-${await pgliteVersion()}`);
const stampFile = `${template}.json`;
const migrationsFolder = path.join(here, 'drizzle');

/** A hash of every migration file, so a template is remade when one is added. */
async function migrationsHash() {
  const hash = createHash('sha256');
  const walk = async (dir) => {
    for (const entry of (await fs.readdir(dir, { withFileTypes: true })).sort((a, b) =>
      a.name.localeCompare(b.name),
    )) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) await walk(file);
      else hash.update(entry.name).update(await fs.readFile(file));
    }
  };
  await walk(migrationsFolder);
  return hash.digest('hex');
}

const stamp = JSON.stringify({ migrations: await migrationsHash() });
const current = (await fs.readFile(stampFile, 'utf8').catch(() => '')).trim();
const hasDir = await fs.stat(template).then(
  (st) => st.isDirectory(),
  () => false,
);
if (!hasDir || current !== stamp) {
  const t0 = Date.now();
  for (const old of await fs.readdir(outdir)) {
    if (old.startsWith('pglite-template-'))
      await fs.rm(path.join(outdir, old), { recursive: true, force: true });
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const tmp = `${template}.${process.pid}.tmp`;
  const db = await PGlite.create({ dataDir: tmp });
  try {
    await migrate(drizzle({ client: db }), { migrationsFolder });
  } finally {
    await db.close();
  }
  await fs.rename(tmp, template);
  await fs.writeFile(stampFile, `${stamp}\n`);
  console.log(`server: wrote ${path.relative(here, template)}/ in ${Date.now() - t0} ms`);
}
