// Starts the BUILT server for Playwright on a fresh, throwaway DATA_DIR and
// removes that directory when the server exits. Playwright's webServer runs this.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startModelServer, TEST_MODEL_ID } from './fixtures/model-server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// E2E_FROM_SOURCE=1 runs the server's TypeScript through tsx (local debugging only; CI uses the build).
const fromSource = process.env.E2E_FROM_SOURCE === '1';
const serverEntry = path.join(
  root,
  fromSource ? 'apps/server/src/server.ts' : 'apps/server/dist/server.js',
);
// E2E_WEB_DIST_DIR serves a web build kept elsewhere (parallel local runs); CI uses apps/web/dist.
const webDistDir = process.env.E2E_WEB_DIST_DIR ?? path.join(root, 'apps/web/dist');
const webIndex = path.join(webDistDir, 'index.html');
for (const [file, hint] of [
  [serverEntry, 'npm run build -w apps/server'],
  [webIndex, 'npm run build -w apps/web'],
]) {
  if (!existsSync(file)) {
    console.error(
      `e2e: ${path.relative(root, file)} is missing; run \`${hint}\` (or \`npm run build\`) first.`,
    );
    process.exit(1);
  }
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'codewright-e2e-'));
// The scripted TEST model (fixtures/model-server.mjs) on a free port answers the app's AI calls.
const modelServer = await startModelServer({ port: 0 });
const cleanup = () => {
  rmSync(dataDir, { recursive: true, force: true });
  void modelServer.close();
};

const child = spawn(
  process.execPath,
  fromSource ? ['--import', 'tsx', serverEntry] : [serverEntry],
  {
    cwd: root,
    stdio: 'inherit',
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: process.env.E2E_PORT ?? '3210',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_DIST_DIR: webDistDir,
      LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
      // Every browser test comes from one address; do not let the per-IP limiter trip them.
      RATE_LIMIT_MAX: '100000',
      // Same for the per-IP limits on sign-up, sign-in, reset and magic-link sends (issue 6).
      AUTH_RATE_LIMIT_IP_MAX: process.env.AUTH_RATE_LIMIT_IP_MAX ?? '100000',
      // dashboard.spec.ts sets usage counters through the admin-only /sql endpoint.
      ADMIN_EMAILS: 'e2e-admin@example.test',
      // marketing.spec.ts and every page view log analytics from one address (issue 5).
      ANALYTICS_RATE_LIMIT_MAX: '100000',
      CTA_RATE_LIMIT_MAX: '100000',
      // generator.spec.ts and friends talk to the scripted model server (issue 4).
      AI_PROVIDER: 'openai-compatible',
      AI_BASE_URL: modelServer.url,
      AI_API_KEY: '',
      AI_MODEL_BASIC: TEST_MODEL_ID,
      AI_MODEL_ADVANCED: `${TEST_MODEL_ID}-advanced`,
    },
  },
);

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => child.kill(signal));
}
child.on('exit', (code, signal) => {
  cleanup();
  process.exit(code ?? (signal ? 1 : 0));
});
