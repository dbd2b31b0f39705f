// Starts the BUILT server for Playwright on a fresh, throwaway DATA_DIR and
// removes that directory when the server exits. Playwright's webServer runs this.
// E2E_DATA_DIR names a DATA_DIR to use and keep instead (its owner removes it), and
// E2E_RESTART=1 starts again on one that already has its admin (a restart mid-test).
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startModelServer, TEST_MODEL_ID } from './fixtures/model-server.mjs';
import { startFixtureSite } from './fixtures/fixture-site.mjs';

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

const keptDataDir = process.env.E2E_DATA_DIR;
const dataDir = keptDataDir ?? mkdtempSync(path.join(tmpdir(), 'codewright-e2e-'));
// The scripted TEST model (fixtures/model-server.mjs) on a free port answers the app's AI calls.
// On E2E_PORT + 5 (clear of the fixture site at + 1 and a second app at + 2), so that tests can release a [[hold:key]] answer (releaseHold in fixtures.ts).
const modelServer = await startModelServer({ port: Number(process.env.E2E_PORT ?? '3210') + 5 });
// E2E_MEDIA=off: no image, speech or transcription model and no fixture site (the generator then
// offers none of those controls; generator-context.spec.ts starts such a server). Otherwise the
// media capabilities use the scripted model server, and the fixture site (fixtures/fixture-site.mjs)
// listens on E2E_SITE_PORT (default E2E_PORT + 1), the one private address the server may fetch.
const mediaOn = process.env.E2E_MEDIA !== 'off';
const sitePort = Number(process.env.E2E_SITE_PORT ?? Number(process.env.E2E_PORT ?? '3210') + 1);
const site = mediaOn ? await startFixtureSite({ port: sitePort }) : null;
const cleanup = () => {
  if (!keptDataDir) rmSync(dataDir, { recursive: true, force: true });
  void modelServer.close();
  void site?.close();
};

/** Must match ADMIN in e2e/fixtures.ts. */
const ADMIN = { email: 'e2e-admin@example.test', password: 'Admin-e2e-password-1' };

const serverEnv = {
  // One server: its DATA_DIR holds the uploads even when DATABASE_URL is set in the shell.
  STORAGE: 'local',
  ...process.env,
  NODE_ENV: 'production',
  PORT: process.env.E2E_PORT ?? '3210',
  HOST: '127.0.0.1',
  // Where the browser reaches this server: storage publicUrls are built on it, never on Host.
  PUBLIC_URL: `http://127.0.0.1:${process.env.E2E_PORT ?? '3210'}`,
  DATA_DIR: dataDir,
  WEB_DIST_DIR: webDistDir,
  LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
  // Every browser test comes from one address; do not let the per-IP limiter trip them.
  RATE_LIMIT_MAX: '100000',
  // Same for the per-IP limits on sign-up, sign-in, reset and magic-link sends
  // (docs/decisions/006).
  AUTH_RATE_LIMIT_IP_MAX: process.env.AUTH_RATE_LIMIT_IP_MAX ?? '100000',
  // marketing.spec.ts and every page view log analytics from one address.
  ANALYTICS_RATE_LIMIT_MAX: '100000',
  CTA_RATE_LIMIT_MAX: '100000',
  // generator.spec.ts and friends talk to the scripted model server.
  AI_PROVIDER: 'openai-compatible',
  AI_BASE_URL: modelServer.url,
  AI_API_KEY: '',
  AI_MODEL_BASIC: TEST_MODEL_ID,
  AI_MODEL_ADVANCED: `${TEST_MODEL_ID}-advanced`,
  // generator-context.spec.ts: context, speech, transcription and image assets (docs/decisions/024).
  ...(mediaOn
    ? {
        AI_IMAGE_BASE_URL: modelServer.url,
        AI_IMAGE_MODEL: 'test-image',
        AI_SPEECH_BASE_URL: modelServer.url,
        AI_SPEECH_MODEL: 'test-tts',
        AI_TRANSCRIBE_BASE_URL: modelServer.url,
        AI_TRANSCRIBE_MODEL: 'test-whisper',
        URL_ALLOW_LIST: `127.0.0.1:${sitePort}`,
      }
    : {}),
};

let child;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    if (child) child.kill(signal);
    else {
      cleanup();
      process.exit(1);
    }
  });
}

const startServer = (env) =>
  spawn(process.execPath, fromSource ? ['--import', 'tsx', serverEntry] : [serverEntry], {
    cwd: root,
    stdio: 'inherit',
    env,
  });

/** A port that was free on 127.0.0.1 a moment ago. */
function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

async function waitForHealth(url, server, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server did not answer on ${url} within ${timeoutMs} ms`);
}

/**
 * dashboard.spec.ts and marketing.spec.ts use the admin-only /sql endpoint. An
 * ADMIN_EMAILS address is an admin only once verified, and this server mails
 * nothing, so the admin is made as an operator would (docs/operations.md "Admins"):
 * sign up on a first start (on a port Playwright does not watch), stop, then
 * `npm run admin -- grant`.
 */
async function prepareAdmin() {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  child = startServer({ ...serverEnv, PORT: String(port) });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  await waitForHealth(url, child);
  const signup = await fetch(`${url}/api/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  if (signup.status !== 201)
    throw new Error(`admin sign-up: ${signup.status} ${await signup.text()}`);
  child.kill('SIGTERM');
  await exited;
  child = undefined;
  const grant = spawnSync(
    process.execPath,
    [path.join(root, 'scripts/admin.mjs'), 'grant', ADMIN.email],
    {
      cwd: root,
      stdio: 'inherit',
      env: serverEnv,
    },
  );
  if (grant.status !== 0) throw new Error(`npm run admin -- grant failed (exit ${grant.status})`);
}

try {
  if (process.env.E2E_RESTART !== '1') await prepareAdmin();
} catch (err) {
  console.error(`e2e: ${err instanceof Error ? err.message : String(err)}`);
  child?.kill('SIGTERM');
  cleanup();
  process.exit(1);
}

child = startServer(serverEnv);
child.on('exit', (code, signal) => {
  cleanup();
  process.exit(code ?? (signal ? 1 : 0));
});
