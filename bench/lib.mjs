// Shared helpers of the bench scripts: build check, spawning the server (built or from
// source), waiting for health, and printing results as JSON plus a table; the figures' helpers
// (medians, percentiles, autocannon rounds) are measure.mjs, the browser's browser.mjs and the
// API calls that sign a bench user in api-client.mjs, all re-exported here.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildIfStale } from '../scripts/build-if-stale.mjs';

import { signUpAndIn } from './api-client.mjs';
import { launchChromium } from './browser.mjs';

export * from './api-client.mjs';
export * from './browser.mjs';
export * from './measure.mjs';

/**
 * A throwaway folder for a bench's DATA_DIR. mkdtemp makes it 0700; as root the embedded
 * PostgreSQL runs as the user postgres, who must be able to enter it (docs/operations.md).
 */
export function benchTempDir(prefix) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  fs.chmodSync(dir, 0o755);
  return dir;
}

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const SERVER_JS = path.join(ROOT, 'apps/server/dist/server.js');
export const SERVER_TS = path.join(ROOT, 'apps/server/src/server.ts');
export const RESULTS_DIR = path.join(ROOT, 'bench/results');
/** BENCH_FROM_SOURCE=1: benches run the server's TypeScript through tsx, not the built bundle. */
const FROM_SOURCE = process.env.BENCH_FROM_SOURCE === '1';

/**
 * Builds the server bundle when it is missing or older than its sources, as `npm start` does
 * (the SPA is not needed here): a bench never measures yesterday's bundle.
 */
export function ensureServerBuilt() {
  if (serverChecked) return;
  buildIfStale({ only: ['server'], log: (line) => console.error(`bench: ${line}`) });
  serverChecked = true;
}
/** Checked once a process: a bench that times the server's start-up never times the check. */
let serverChecked = false;

/**
 * The node arguments that run the server as `npm start` does: the built bundle (built first when
 * stale). BENCH_FROM_SOURCE=1 runs its TypeScript through tsx instead, and BENCH_SERVER_TS
 * another entry from source (an older checkout, to compare). tsx also turns source maps on, and
 * the first stack trace formatted then parses a bundle's whole map: some 200,000 arrays, about
 * 20 MB of heap that the production server never holds (docs/decisions/043).
 */
export function serverEntryArgs() {
  const other = process.env.BENCH_SERVER_TS;
  if (other) return ['--import', 'tsx', other];
  if (FROM_SOURCE) return ['--import', 'tsx', SERVER_TS];
  ensureServerBuilt();
  return [SERVER_JS];
}

/** Spawns `node <args>` in the repository root with extra environment; its output goes to a log file. */
export function spawnLogged(args, env, logFile) {
  const out = fs.openSync(logFile, 'a');
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    // With DATABASE_URL the server will not start until STORAGE says where uploads go: a bench
    // runs one server per DATA_DIR, or servers that upload nothing (rate-limit-store.mjs).
    env: { STORAGE: 'local', ...process.env, ...env },
    stdio: ['ignore', out, out],
  });
  fs.closeSync(out);
  return child;
}

/** Extra node flags for the server from BENCH_NODE_ARGS (e.g. `--cpu-prof --cpu-prof-dir=/tmp/p`). */
export function benchNodeArgs() {
  return process.env.BENCH_NODE_ARGS ? process.env.BENCH_NODE_ARGS.split(' ') : [];
}

/**
 * Starts the server with the given environment on 127.0.0.1: the built bundle (rebuilt when
 * stale), or its TypeScript through tsx when `fromSource` (default: BENCH_FROM_SOURCE=1), with
 * BENCH_NODE_ARGS; its output goes to a log file.
 */
export function startServer(env, logFile, { fromSource = FROM_SOURCE } = {}) {
  if (!fromSource) ensureServerBuilt();
  const args = fromSource ? ['--import', 'tsx', SERVER_TS] : [SERVER_JS];
  return spawnLogged([...benchNodeArgs(), ...args], { HOST: '127.0.0.1', ...env }, logFile);
}

/**
 * Start-up of the benches that serve a built SPA in production mode: reads `<PREFIX>_PORT`,
 * `<PREFIX>_WEB_DIST_DIR` (default apps/web/dist) and `<PREFIX>_FROM_SOURCE=1`, exits when
 * there is no SPA build, builds the server bundle when it is needed and missing, and makes a
 * throwaway work folder (`tmpPrefix`) for the data and the server log.
 */
export function prepareWebBench(prefix, defaultPort, tmpPrefix) {
  const port = Number(process.env[`${prefix}_PORT`] ?? defaultPort);
  const webDistDir = path.resolve(
    process.env[`${prefix}_WEB_DIST_DIR`] ?? path.join(ROOT, 'apps/web/dist'),
  );
  const fromSource = process.env[`${prefix}_FROM_SOURCE`] === '1';
  if (!fs.existsSync(path.join(webDistDir, 'index.html'))) {
    console.error(`bench: no SPA build in ${webDistDir}; run \`npm run build -w apps/web\` first.`);
    process.exit(1);
  }
  if (!fromSource) ensureServerBuilt();
  const work = benchTempDir(tmpPrefix);
  const logFile = path.join(work, 'server.log');
  const base = `http://127.0.0.1:${port}`;
  /** Starts the server serving the SPA, with `env` added to its environment. */
  const start = (env = {}) =>
    startServer(
      {
        NODE_ENV: 'production',
        PORT: String(port),
        DATA_DIR: path.join(work, 'data'),
        WEB_DIST_DIR: webDistDir,
        LOG_LEVEL: 'warn',
        ...env,
      },
      logFile,
      { fromSource },
    );
  return {
    base,
    webDistDir,
    work,
    logFile,
    start,
    /**
     * Starts the server with `env`, waits for its health, signs a fresh user up and in
     * (`bench-<tag>-…@example.test`; none, and `tokens` null, when `tag` is null: a visitor
     * signed out) and launches Chromium, then awaits `body({ browser, tokens })`.
     * An error is printed with the server log's path and sets exit code 1; the browser, the
     * server and the work folder go in every case.
     */
    run: async (env, tag, body) => {
      const server = start(env);
      let browser;
      try {
        await waitFor200(`${base}/api/health`, performance.now(), 60_000);
        const tokens =
          tag === null
            ? null
            : await signUpAndIn(base, `bench-${tag}-${Date.now()}@example.test`, `bench-${tag}-pw`);
        browser = await launchChromium();
        await body({ browser, tokens });
      } catch (error) {
        console.error(error);
        console.error(`server log: ${logFile}`);
        process.exitCode = 1;
      } finally {
        await browser?.close();
        await stop(server);
        fs.rmSync(work, { recursive: true, force: true });
      }
    },
  };
}

/**
 * Starts the server (startServer, with `options`) on `port` and a fresh DATA_DIR, in a
 * throwaway folder (`tmpPrefix`) that also holds its log; `env` adds to its environment.
 */
export function startTempServer(tmpPrefix, port, env = {}, options) {
  const work = benchTempDir(tmpPrefix);
  const logFile = path.join(work, 'server.log');
  const server = startServer(
    { PORT: String(port), DATA_DIR: path.join(work, 'data'), ...env },
    logFile,
    options,
  );
  return { server, work, logFile, base: `http://127.0.0.1:${port}` };
}

/**
 * Starts the server on a fresh DATA_DIR (startTempServer, with `options` but `healthMs`), waits
 * up to `healthMs` (default 120 s) for its health, then resolves with what
 * `body({ server, work, logFile, base })` resolves with; the server is stopped and its work
 * folder removed in every case.
 */
export async function withTempServer(tmpPrefix, port, env, body, options = {}) {
  const { healthMs = 120_000, ...startOptions } = options;
  const started = startTempServer(tmpPrefix, port, env, startOptions);
  try {
    await waitFor200(`${started.base}/api/health`, performance.now(), healthMs);
    return await body(started);
  } finally {
    await stop(started.server);
    fs.rmSync(started.work, { recursive: true, force: true });
  }
}

/**
 * Starts the server as `npm start` runs it (serverEntryArgs, with BENCH_NODE_ARGS) in production
 * on 127.0.0.1:`port`, its AI provider the scripted test model at `modelUrl`
 * (e2e/fixtures/model-server.mjs) and its rate limits out of the way; `env` adds to its
 * environment, and its output goes to `logFile`.
 */
export function startAiServer(port, dataDir, modelUrl, env, logFile) {
  return spawnLogged(
    [...benchNodeArgs(), ...serverEntryArgs()],
    {
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_MAX: '1000000',
      AUTH_RATE_LIMIT_IP_MAX: '100000',
      AI_PROVIDER: 'openai-compatible',
      AI_BASE_URL: modelUrl,
      AI_MODEL_BASIC: 'codewright-test-model',
      ...env,
    },
    logFile,
  );
}

/**
 * Starts the server of the data-service benches: from source (tsx) in production on `port`
 * with a fresh DATA_DIR (startTempServer), allowed to fetch from the fixture site on
 * 127.0.0.1:`sitePort` (URL_ALLOW_LIST).
 */
export function startFetchingServer(tmpPrefix, port, sitePort, logLevel) {
  return startTempServer(
    tmpPrefix,
    port,
    {
      NODE_ENV: 'production',
      LOG_LEVEL: logLevel,
      URL_ALLOW_LIST: `127.0.0.1:${sitePort}`,
      RATE_LIMIT_MAX: '100000',
      AI_PROVIDER: 'openai-compatible',
    },
    { fromSource: true },
  );
}

/** Polls a URL until it answers 200; resolves with the elapsed milliseconds since `since`. */
export async function waitFor200(url, since, timeoutMs = 30_000) {
  for (;;) {
    try {
      const res = await fetch(url);
      await res.arrayBuffer();
      if (res.status === 200) return performance.now() - since;
    } catch {
      // not listening yet
    }
    if (performance.now() - since > timeoutMs)
      throw new Error(`no 200 from ${url} within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** Sends SIGTERM and waits for the process to exit; returns its exit code. */
export function stop(child) {
  if (child.exitCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve(code);
    });
    child.kill('SIGTERM');
  });
}

/** Prints a titled table and the JSON, and saves the JSON under bench/results/. */
export function report(name, rows, json) {
  console.log(`\n${name}`);
  console.table(rows);
  console.log(JSON.stringify(json, null, 2));
  fs.mkdirSync(RESULTS_DIR, { recursive: true });
  fs.writeFileSync(path.join(RESULTS_DIR, `${name}.json`), `${JSON.stringify(json, null, 2)}\n`);
}
