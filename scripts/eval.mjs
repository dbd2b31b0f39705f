#!/usr/bin/env node
// `npm run eval`: how often generated code runs (issue 52, docs/eval.md). Each app of eval/apps.mjs
// is asked of the model through the server's AI route, its code built and started in the live
// preview's sandbox (the preview harness in Debian's Chromium, headless), and scored: it builds,
// it runs without an error, its check passes. A failing app gets up to AUTO_FIX_MAX_ROUNDS rounds
// of Fix with AI (the request the generator sends), stopped early when an error comes back.
// Prints a table and writes eval/results/<model>.json: pass rate, rounds, tokens and time.
//
//   npm run eval                       the scripted test model (e2e/fixtures/model-server.mjs):
//                                      the known-good answers, which must score 100% (exit 1 if not)
//   EVAL_MODEL=configured npm run eval the model of AI_* in the environment or .env (a measure)
//   EVAL_ONLY=react-counter,py-fib     some apps only
// Ports: EVAL_PORT (3975) for the server, the next for the scripted model. Needs the built app
// (npm run build); the SPA's /preview/ files serve the sandbox.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { tsImport } from 'tsx/esm/api';
import { routePreviewHarness } from '../e2e/fixtures/preview-harness.mjs';
import { EVAL_APPS } from '../eval/apps.mjs';
import { failureOf, runInPreview } from '../eval/run-in-preview.mjs';
import {
  benchTempDir,
  ensureServerBuilt,
  launchChromium,
  requestJson,
  ROOT,
  signInPage,
  signUpPro,
  startServer,
  stop,
  waitFor200,
} from '../bench/lib.mjs';

const SCRIPTED = (process.env.EVAL_MODEL ?? 'scripted') === 'scripted';
const PORT = Number(process.env.EVAL_PORT ?? 3975);
const MODEL_PORT = PORT + 1;
const ONLY = process.env.EVAL_ONLY?.split(',').filter(Boolean);
const contract = await tsImport('../packages/contract/src/index.ts', import.meta.url);
const {
  applyTreeAnswer,
  AUTO_FIX_MAX_ROUNDS,
  buildGenerationPrompt,
  buildPreviewFixRequest,
  extractCode,
  parseTreeAnswer,
  treeGenerationRules,
} = contract;

const webDist = path.join(ROOT, 'apps/web/dist');
if (!fs.existsSync(path.join(webDist, 'index.html'))) {
  console.error('eval: no built app in apps/web/dist; run `npm run build` first.');
  process.exit(1);
}
if (!SCRIPTED && fs.existsSync(path.join(ROOT, '.env')))
  process.loadEnvFile(path.join(ROOT, '.env'));
ensureServerBuilt();

const work = benchTempDir('cw-eval-');
const children = [];
const modelEnv = SCRIPTED
  ? {
      AI_PROVIDER: 'openai-compatible',
      AI_BASE_URL: `http://127.0.0.1:${MODEL_PORT}/v1`,
      AI_MODEL_BASIC: 'codewright-test-model',
    }
  : Object.fromEntries(Object.entries(process.env).filter(([k]) => k.startsWith('AI_')));

/**
 * One answer of the model through the server's AI route: the main file's code, the other files
 * of an app of several (its first generation may answer a tree, as the generator's does), tokens.
 */
async function ask(base, token, app, request, currentCode) {
  const tree = app.mainPath && currentCode === null;
  const prompt = buildGenerationPrompt({ language: app.language, request, currentCode });
  const answer = await requestJson(
    base,
    'POST',
    '/api/ai/codewright/text',
    {
      prompt: tree ? `${prompt}\n${treeGenerationRules(app.mainPath)}` : prompt,
      meter: currentCode === null ? 'generation' : 'edit',
      stream: false,
    },
    token,
  );
  const tokens = answer.usage?.totalTokens ?? 0;
  if (!tree || !parseTreeAnswer(answer.text).tagged)
    return { code: extractCode(answer.text), tokens };
  const made = applyTreeAnswer({
    files: new Map(),
    mainPath: app.mainPath,
    language: app.language,
    text: answer.text,
    finishReason: answer.finishReason,
  });
  if (made.status !== 'ready') return { code: '', tokens };
  const others = [...made.files]
    .filter(([path]) => path !== app.mainPath)
    .map(([path, content]) => ({ path, content }));
  return { code: made.files.get(app.mainPath) ?? '', others, tokens };
}

async function evaluate(base, token, page, app) {
  const started = performance.now();
  const request = SCRIPTED ? `${app.prompt} [[eval:${app.id}]]` : app.prompt;
  let answer = await ask(base, token, app, request, null);
  let tokens = answer.tokens;
  let code = answer.code;
  // A fix edits the main file, as Fix with AI does; the other files stay.
  const others = answer.others ?? [];
  let result = await runInPreview(page, app, code, others);
  let rounds = 0;
  let last = null;
  const passes = (r) => r.phase !== 'build-failed' && !failureOf(r.problems) && r.check;
  while (!passes(result) && rounds < AUTO_FIX_MAX_ROUNDS) {
    const failure = failureOf(result.problems);
    const signature = failure ? `${failure.kind}\n${failure.message}` : 'check';
    if (signature === last) break;
    last = signature;
    const problems = failure
      ? result.problems
      : [
          {
            kind: 'runtime',
            message: `The app runs, but this check fails: ${describe(app)}`,
            line: null,
            column: null,
          },
        ];
    answer = await ask(base, token, app, buildPreviewFixRequest({ problems, code }), code);
    tokens += answer.tokens;
    code = answer.code;
    rounds += 1;
    result = await runInPreview(page, app, code, others);
  }
  const failure = failureOf(result.problems);
  return {
    id: app.id,
    language: app.language,
    builds: result.phase !== 'build-failed',
    runs: result.phase !== 'build-failed' && !failure,
    check: result.check,
    pass: passes(result),
    rounds,
    tokens,
    ms: Math.round(performance.now() - started),
    ...(failure ? { error: `${failure.kind}: ${failure.message}`.slice(0, 300) } : {}),
  };
}

function describe(app) {
  const { check } = app;
  return check.click
    ? `after a click on "${check.click}", "${check.text}" should show`
    : `"${check.text}" should ${check.console ? 'be printed' : 'show'}`;
}

let exitCode = 0;
try {
  if (SCRIPTED) {
    const model = spawn(
      process.execPath,
      [path.join(ROOT, 'e2e/fixtures/model-server.mjs'), '--port', String(MODEL_PORT)],
      { stdio: 'ignore' },
    );
    children.push(model);
  }
  const server = startServer(
    {
      NODE_ENV: 'production',
      PORT: String(PORT),
      DATA_DIR: path.join(work, 'data'),
      WEB_DIST_DIR: webDist,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_MAX: '1000000',
      ...modelEnv,
    },
    path.join(work, 'server.log'),
  );
  children.push(server);
  const base = `http://127.0.0.1:${PORT}`;
  if (SCRIPTED) await waitFor200(`${modelEnv.AI_BASE_URL}/models`, performance.now(), 30_000);
  await waitFor200(`${base}/api/health`, performance.now(), 60_000);
  const tokens = await signUpPro(base, `eval-${Date.now()}@example.test`, 'eval-password-1');
  const browser = await launchChromium();
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await signInPage(page, base, tokens);
    await page.goto(await routePreviewHarness(context, base));
    await page.getByTestId('preview-panel').waitFor();
    const apps = ONLY ? EVAL_APPS.filter((a) => ONLY.includes(a.id)) : EVAL_APPS;
    const results = [];
    const started = performance.now();
    for (const app of apps) results.push(await evaluate(base, tokens.access_token, page, app));
    const passed = results.filter((r) => r.pass).length;
    const summary = {
      model: SCRIPTED ? 'scripted' : (modelEnv.AI_MODEL_BASIC ?? modelEnv.AI_MODEL ?? 'configured'),
      apps: results.length,
      passed,
      pass_rate: results.length ? passed / results.length : 0,
      rounds: results.reduce((s, r) => s + r.rounds, 0),
      tokens: results.reduce((s, r) => s + r.tokens, 0),
      seconds: Math.round((performance.now() - started) / 100) / 10,
    };
    console.table(
      results.map((r) => ({
        app: r.id,
        builds: r.builds ? 'yes' : 'no',
        runs: r.runs ? 'yes' : 'no',
        check: r.check ? 'yes' : 'no',
        rounds: r.rounds,
        tokens: r.tokens,
        ms: r.ms,
      })),
    );
    for (const r of results.filter((x) => !x.pass))
      console.log(`${r.id}: ${r.error ?? 'its check failed'}`);
    console.log(
      `eval: ${passed} of ${results.length} apps pass (${(summary.pass_rate * 100).toFixed(0)}%), ${summary.rounds} fix rounds, ${summary.tokens} tokens, ${summary.seconds} s`,
    );
    const out = path.join(ROOT, 'eval/results', `${SCRIPTED ? 'scripted' : 'configured'}.json`);
    fs.mkdirSync(path.dirname(out), { recursive: true });
    fs.writeFileSync(out, `${JSON.stringify({ summary, results }, null, 2)}\n`);
    console.log(`eval: results in ${path.relative(ROOT, out)}`);
    if (SCRIPTED && passed < results.length) {
      console.error(
        'eval: the scripted model answers every app with its known-good code, so every app must pass.',
      );
      exitCode = 1;
    }
  } finally {
    await browser.close();
  }
} catch (error) {
  console.error(`eval: ${error instanceof Error ? error.stack : error}`);
  console.error(`eval: the server's log is in ${path.join(work, 'server.log')}`);
  exitCode = 1;
} finally {
  for (const child of children) await stop(child);
  if (exitCode === 0) fs.rmSync(work, { recursive: true, force: true });
}
process.exit(exitCode);
