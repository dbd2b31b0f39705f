import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

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

/** The API server (apps/server) listens here in development; `npm run dev -w apps/web` proxies /api to it. */
const API_TARGET = 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [react(), tailwindcss(), precompress()],
  server: {
    host: '127.0.0.1',
    proxy: { '/api': { target: API_TARGET, changeOrigin: false } },
  },
  preview: { host: '127.0.0.1' },
  // Monaco's workers (features/editor/monaco.ts) are ES modules with their own chunks.
  worker: { format: 'es' },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    target: 'es2022',
  },
});
