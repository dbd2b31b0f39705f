import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { parseAst, type Plugin } from 'vite';
import { buildPreviewAssets } from './scripts/preview-assets.mjs';

/**
 * Writes `.br` and `.gz` copies of text assets next to them; the server sends
 * them to browsers that accept the encoding (@fastify/static `preCompressed`).
 * About a third of the bytes on the wire, which the mobile Lighthouse budget needs.
 */
function precompress(): Plugin {
  return {
    name: 'codewright:precompress',
    apply: 'build',
    // After writing: other plugins still rewrite chunk code during generateBundle.
    writeBundle(options, bundle) {
      const dir = options.dir ?? 'dist';
      for (const fileName of Object.keys(bundle)) {
        if (!/\.(js|css|html|svg|json|txt)$/.test(fileName)) continue;
        const file = path.join(dir, fileName);
        const bytes = fs.readFileSync(file);
        if (bytes.length < 1024) continue;
        const brotli = { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } };
        fs.writeFileSync(`${file}.br`, brotliCompressSync(bytes, brotli));
        fs.writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }));
      }
    },
  };
}

/** The contract's name for zod in the build: marked pure below, and used by nothing else. */
const CONTRACT_ZOD = 'contractZod';

/** Initializers that may run code: worth wrapping so that an unused one is dropped whole. */
const COMPUTED_INIT = new Set([
  'CallExpression',
  'NewExpression',
  'ChainExpression',
  'TaggedTemplateExpression',
  'ObjectExpression',
  'ArrayExpression',
]);

interface Node {
  type: string;
  start: number;
  end: number;
  kind?: string;
  declaration?: Node | null;
  declarations?: { init?: Node | null }[];
  expression?: Node;
}

/**
 * The contract (packages/contract) builds its zod schemas at module top level. Building a schema
 * has no side effect, so this wraps the initializer of each top-level `const` that calls anything
 * in a pure function call (`const X = /* @__PURE__ *\/ (() => (…))()`): a schema no page uses is
 * then dropped whole, with every call inside it — `Base.optional()`, `storableText(…)`, an object
 * of schemas — which an annotation on the first call alone left behind (and with them zod, whose
 * probe for `new Function` the pages' CSP reports). With the contract keeping schemas apart from
 * the constants a page starts with, zod then loads only when the SDK first checks an answer (the
 * landing page's JavaScript budget, docs/decisions/007). The contract declares
 * `"sideEffects": false`.
 *
 * zod's builders are also marked pure by name (`manualPureFunctions`), and that list applies to
 * every module of the build: so the contract's `z` is renamed to a name no other code uses.
 * Marking `z` itself dropped calls such as Monaco's `z.detach()` (its piece tree names a node
 * `z`), which corrupted the editor's text when an auto-closed quote was typed over.
 */
function pureContractSchemas(): Plugin {
  const CONTRACT = `${path.sep}packages${path.sep}contract${path.sep}src${path.sep}`;
  const ZOD_IMPORT = /import\s*\{\s*z\s*\}\s*from\s*(['"])zod\1/g;
  // `z.` where `z` is the identifier itself (not `.z.` or `xz.`).
  const ZOD_CALL = /(?<![\w$.])z\./g;
  return {
    name: 'codewright:pure-contract-schemas',
    apply: 'build',
    transform(code, id) {
      if (!id.includes(CONTRACT) || id.endsWith('.test.ts')) return null;
      const renamed = code
        .replace(ZOD_IMPORT, `import { z as ${CONTRACT_ZOD} } from 'zod'`)
        .replace(ZOD_CALL, `${CONTRACT_ZOD}.`);
      const program = parseAst(renamed, { lang: 'ts' }) as unknown as { body: Node[] };
      const inits: Node[] = [];
      for (const statement of program.body) {
        const declaration =
          statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement;
        if (declaration?.type !== 'VariableDeclaration' || declaration.kind !== 'const') continue;
        for (const { init } of declaration.declarations ?? []) {
          // `[…] as const` and `{…} satisfies T` wrap the value in a type expression.
          let value = init;
          while (value && /^TS(As|Satisfies)Expression$/.test(value.type)) value = value.expression;
          if (init && value && COMPUTED_INIT.has(value.type)) inits.push(init);
        }
      }
      let out = renamed;
      for (const { start, end } of inits.sort((a, b) => b.start - a.start))
        out = `${out.slice(0, start)}/* @__PURE__ */ (() => (${out.slice(start, end)}))()${out.slice(end)}`;
      return { code: out, map: null };
    },
  };
}

/**
 * The live preview's files (vendored packages, Pyodide, the sandbox runtime and document) in
 * <outDir>/preview/, built from node_modules after the app (scripts/preview-assets.mjs,
 * docs/preview.md). Nothing in the app's own bundles refers to them.
 */
function previewAssets(): Plugin {
  let outDir = 'dist';
  return {
    name: 'codewright:preview-assets',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const { ms } = await buildPreviewAssets({ outDir });
      this.info(`preview files built in ${ms} ms`);
    },
  };
}

/** The API server (apps/server) listens here in development; `npm run dev -w apps/web` proxies /api to it. */
const API_TARGET = 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [react(), tailwindcss(), pureContractSchemas(), precompress(), previewAssets()],
  server: {
    host: '127.0.0.1',
    // /preview/ is served by the API server from the last build (npm run build -w apps/web).
    proxy: {
      '/api': { target: API_TARGET, changeOrigin: false },
      '/preview/': { target: API_TARGET, changeOrigin: false },
    },
  },
  preview: { host: '127.0.0.1' },
  resolve: {
    alias: [
      // y-monaco (features/editor/monaco.ts) imports Monaco's API by a path monaco-editor 0.57's
      // exports no longer name: it is the same Monaco the editor loads.
      {
        find: /^monaco-editor\/esm\/vs\/editor\/editor\.api(\.js)?$/,
        replacement: 'monaco-editor',
      },
    ],
  },
  // Monaco's workers (features/editor/monaco.ts) are ES modules with their own chunks.
  worker: { format: 'es' },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    target: 'es2022',
    rolldownOptions: {
      treeshake: {
        // See pureContractSchemas().
        manualPureFunctions: [CONTRACT_ZOD],
        // A feature's index.ts (its door) only re-exports: with no effects of its own, a page
        // gets the modules it uses through the door, not every module the door names.
        moduleSideEffects: (id: string) =>
          !/[\\/]src[\\/]features[\\/][^\\/]+[\\/]index\.ts$/.test(id),
      },
    },
  },
});
