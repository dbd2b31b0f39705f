// Bundles the SDK for Node 20+ into dist/index.js (`@codewright/sdk/node`): one ES module with the
// contract and zod inlined, so a script needs nothing else installed. The app and the tests use
// the TypeScript source (`@codewright/sdk`).
import { build } from 'esbuild';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));

/** Writes dist/index.js; resolves with its path. */
export async function buildSdk() {
  const outfile = path.join(here, 'dist/index.js');
  await build({
    entryPoints: [path.join(here, 'src/index.ts')],
    outfile,
    bundle: true,
    format: 'esm',
    platform: 'neutral',
    mainFields: ['module', 'main'],
    target: 'node20',
    legalComments: 'none',
    logLevel: 'warning',
  });
  return outfile;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const started = Date.now();
  const outfile = await buildSdk();
  console.log(`sdk: built ${path.relative(process.cwd(), outfile)} in ${Date.now() - started} ms`);
}
