// (Over 300 lines: one fuzz run over every route — through inject, raw sockets and trickled bodies
// — sharing its app, seed, tokens and tallies; the generators and checks are test/fuzz/.)
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newSession } from './test/auth-helpers.ts';
import { createLoggedTestApp, type LoggedTestApp } from './test/logged-test-app.ts';
import { userWithEmail } from './modules/db/db-test-helpers.ts';
import { personalWorkspace } from './modules/workspaces/workspace-test-helpers.ts';
import { type AuthKind, type FuzzRequest, requestArbitrary } from './test/fuzz/arbitraries.ts';
import { answerProblem, envelopeCode } from './test/fuzz/checks.ts';
import {
  rawRequestArbitrary,
  sendAndReset,
  sendRaw,
  sendTrickled,
  trickledRequestArbitrary,
  type RawRequest,
  type TrickledRequest,
} from './test/fuzz/raw-http.ts';
import { type FuzzRoute, sampleBodies } from './test/fuzz/routes.ts';

// Property-based fuzzing of every route (DESIGN §3.11): no 5xx but the documented ones, every
// error in the `{error:{code,message}}` envelope, no "unhandled error" in the log, and a
// healthy server at the end. A failure prints the shrunk batch and names the request at fault.

/** Requests sent through app.inject: BATCH at once (as a busy server sees them), RUNS times. */
const BATCH = 25;
const RUNS = 404;
/** Raw requests over a real socket. */
const RAW_BATCH = 10;
const RAW_RUNS = 40;
/** Trickled bodies (early answers must not keep the connection): TRICKLE_BATCH at once. */
const TRICKLE_BATCH = 10;
const TRICKLE_RUNS = 3;
/** HTTP_BODY_TIMEOUT_MS of the fuzzed app. */
const BODY_TIMEOUT_MS = 1000;
// Test plumbing, not app config. CI runs one fixed seed, so that a failure there can be
// repeated; elsewhere each run draws its own. Either way it is printed, and FUZZ_SEED=<seed>
// replays it.
const CI_SEED = 20_261_126;
const SEED = process.env.FUZZ_SEED
  ? Number(process.env.FUZZ_SEED)
  : process.env.CI
    ? CI_SEED
    : Math.floor(Math.random() * 2 ** 31);
console.log(`fuzz: seed ${SEED} (replay with FUZZ_SEED=${SEED})`);
/** Process warnings (a MaxListenersExceededWarning, say) fail the run instead of scrolling by. */
const warnings: string[] = [];
const onWarning = (warning: Error) => warnings.push(`${warning.name}: ${warning.message}`);
const UNLIMITED = '1000000000';

let t: LoggedTestApp;
let port: number;
let routes: FuzzRoute[];
let samples: Record<string, unknown>;
/** Path parameter values that name the fuzzing user's own rows. */
let params: Record<string, readonly string[]> = {};
const tokens: Partial<Record<AuthKind, string>> = {};
const statuses = new Map<number, number>();
/** Routes that answered a fuzzed request with a 2xx: the fuzzer got past their validation. */
const reached = new Set<string>();
let sent = 0;

beforeAll(async () => {
  process.on('warning', onWarning);
  const adminEmail = `fuzz-admin-${randomBytes(4).toString('hex')}@example.com`;
  t = await createLoggedTestApp(
    {
      // Raised so the fuzzer reaches the handlers; the limiter itself is fuzzed further down.
      RATE_LIMIT_MAX: UNLIMITED,
      ANALYTICS_RATE_LIMIT_MAX: UNLIMITED,
      CTA_RATE_LIMIT_MAX: UNLIMITED,
      AUTH_RATE_LIMIT_IP_MAX: UNLIMITED,
      AUTH_RATE_LIMIT_EMAIL_MAX: UNLIMITED,
      MAIL_PER_RECIPIENT_PER_HOUR: UNLIMITED,
      ADMIN_EMAILS: adminEmail,
      // Raw requests that promise more body than they send are cut off quickly.
      HTTP_BODY_TIMEOUT_MS: String(BODY_TIMEOUT_MS),
      HTTP_HEADERS_TIMEOUT_MS: '2000',
    },
    { webDist: true },
  );
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;

  const user = await newSession(t.app);
  tokens.user = user.session.access_token;
  tokens.admin = (await userWithEmail(t.app, adminEmail)).token;
  const gone = await newSession(t.app);
  tokens.revoked = gone.session.access_token;
  await t.app.inject({
    method: 'POST',
    url: '/api/auth/signout',
    headers: { authorization: `Bearer ${tokens.revoked}` },
    payload: {},
  });
  const project = await t.app.inject({
    method: 'POST',
    url: '/api/db/codewright/rest/v1/projects',
    headers: { authorization: `Bearer ${tokens.user}` },
    payload: { name: 'Fuzz target', language: 'Go' },
  });
  const projectId = (project.json() as { id: string }[])[0]!.id;
  // Versions are a Pro feature: the fuzzing user is on Pro, so those routes are reached too.
  const upgrade = await t.app.inject({
    method: 'POST',
    url: '/api/plan/upgrade',
    headers: { authorization: `Bearer ${tokens.user}` },
    payload: { plan: 'pro' },
  });
  expect(upgrade.statusCode).toBe(200);
  const version = await t.app.inject({
    method: 'POST',
    url: `/api/versions/codewright/${projectId}`,
    headers: { authorization: `Bearer ${tokens.user}` },
    payload: { code: 'export {}', source: 'edit', prompt: 'p' },
  });
  expect(version.statusCode, version.body).toBe(201);
  const versionId = (version.json() as { id: string }).id;
  const workspaceId = await personalWorkspace(t.app, tokens.user);
  routes = t.routes;
  const userId = user.session.user.id;
  samples = sampleBodies({ userId, email: user.email, password: user.password, projectId });
  params = {
    projectId: [projectId, projectId, 'prj_missing'],
    versionId: [versionId, versionId, 'ver_missing'],
    workspaceId: [workspaceId, workspaceId, 'ws_missing'],
    userId: [userId, 'usr_missing'],
  };
});

afterAll(async () => {
  await t?.close();
  process.off('warning', onWarning);
});

function authHeader(request: FuzzRequest): Record<string, string> {
  // Signing out (a session) with a live token would end the fuzzing user's session.
  const kind =
    request.route.includes('/signout') && request.auth !== 'none' ? 'revoked' : request.auth;
  if (kind === 'none') return {};
  if (kind === 'garbage') return { authorization: 'Bearer not.a.token' };
  if (kind === 'basic') return { authorization: 'Basic YTpi' };
  return { authorization: `Bearer ${tokens[kind]}` };
}

/** Sends one generated request; answers why its answer is wrong, or undefined. */
async function send(request: FuzzRequest): Promise<string | undefined> {
  const res = await t.app.inject({
    method: request.method as 'GET',
    url: request.url,
    headers: { ...request.headers, ...authHeader(request) },
    ...(request.body === undefined ? {} : { payload: request.body }),
  });
  sent++;
  statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
  if (res.statusCode < 300) reached.add(request.route);
  const contentType = res.headers['content-type'] as string | undefined;
  return answerProblem(request.method, res.statusCode, contentType, res.body);
}

/** A short, printable account of a request for failure messages. */
function describeRequest(r: {
  method?: string;
  url?: string;
  body?: string;
  requestLine?: string;
}) {
  return JSON.stringify(r, (_k, v: unknown) =>
    typeof v === 'string' && v.length > 200 ? `${v.slice(0, 200)}… (${v.length} chars)` : v,
  );
}

/** Fails with the new "unhandled error" lines of the log since `seen`, if any. */
function assertNoNewUnhandled(seen: number, context: string) {
  const fresh = t.unhandled().slice(seen);
  if (fresh.length > 0) {
    const first = fresh[0]!;
    throw new Error(
      `${fresh.length} "unhandled error" log line(s) ${context}; first: ${first.method as string} ${first.url as string}: ${JSON.stringify(first.err).slice(0, 500)}`,
    );
  }
}

describe('fuzzing every route', () => {
  it('covers the whole route table', () => {
    const keys = routes.map((r) => `${r.method} ${r.path}`);
    for (const known of [
      'GET /api/health',
      'POST /api/auth/signup',
      'PATCH /api/auth/me',
      'POST /api/db/:project/rest/v1/:table',
      'GET /api/storage/:project/public/*',
      'POST /api/ai/:project/text',
    ]) {
      expect(keys).toContain(known);
    }
    // Every sample names a real route: a renamed route must not leave its sample behind.
    for (const key of Object.keys(samples)) expect(keys).toContain(key);
  });

  it(`answers ${BATCH * RUNS} fuzzed requests without a 5xx, each error in the envelope`, async () => {
    const started = performance.now();
    const request = requestArbitrary(routes, samples, params);
    await fc.assert(
      fc.asyncProperty(fc.array(request, { minLength: BATCH, maxLength: BATCH }), async (batch) => {
        const seen = t.unhandled().length;
        const problems = await Promise.all(batch.map(send));
        const at = problems.findIndex((p) => p !== undefined);
        if (at !== -1) {
          throw new Error(`request ${at} ${problems[at]}\n${describeRequest(batch[at]!)}`);
        }
        assertNoNewUnhandled(seen, 'in this batch');
      }),
      { numRuns: RUNS, seed: SEED, endOnFailure: false },
    );
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    const byStatus = Object.fromEntries([...statuses].sort(([a], [b]) => a - b));
    console.log(`fuzz: ${sent} requests in ${seconds} s over ${routes.length} routes`, byStatus);
    console.log(
      `fuzz: ${reached.size} of ${routes.length} routes answered a 2xx at least once; not yet:`,
      routes.map((r) => `${r.method} ${r.path}`).filter((key) => !reached.has(key)),
    );
    expect(sent).toBeGreaterThanOrEqual(10_000);
    // Bodies built from each route's schema, and real ids in its path, get past validation.
    expect(reached.size).toBeGreaterThanOrEqual(Math.ceil(routes.length / 2));
    expect(t.unhandled()).toEqual([]);
  }, 180_000);

  it('answers malformed raw requests on a real socket in the envelope', async () => {
    let rawSent = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(rawRequestArbitrary(routes), { minLength: RAW_BATCH, maxLength: RAW_BATCH }),
        async (batch: RawRequest[]) => {
          const seen = t.unhandled().length;
          const answers = await Promise.all(batch.map((r) => sendRaw(port, r)));
          rawSent += batch.length;
          answers.forEach((answer, i) => {
            const method = batch[i]!.requestLine.split(' ')[0]!;
            const contentType = /^content-type: *(.*)$/im.exec(answer.headers)?.[1];
            // An HTTP/0.9 request (no version on its line) may be closed without an answer.
            const http09 = !/ HTTP\/\d/.test(batch[i]!.requestLine);
            const problem =
              answer.status === 0
                ? http09
                  ? undefined
                  : 'no answer before the connection closed'
                : answerProblem(method, answer.status, contentType, answer.body);
            if (problem)
              throw new Error(`raw request ${i} ${problem}\n${describeRequest(batch[i]!)}`);
          });
          assertNoNewUnhandled(seen, 'in this batch');
        },
      ),
      { numRuns: RAW_RUNS, seed: SEED },
    );
    expect(rawSent).toBe(RAW_BATCH * RAW_RUNS);
  }, 120_000);

  it('closes every connection whose body trickles, whatever the answer, by the body time-out', async () => {
    let trickled = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(trickledRequestArbitrary(routes), {
          minLength: TRICKLE_BATCH,
          maxLength: TRICKLE_BATCH,
        }),
        async (batch: TrickledRequest[]) => {
          // A byte every 200 ms is far below the minimum rate: no connection outlives the grace
          // by more than the server's check, whether it answered early (401, 404, 415) or not.
          const outcomes = await Promise.all(
            batch.map((r) => sendTrickled(port, r, 200, BODY_TIMEOUT_MS * 5)),
          );
          trickled += batch.length;
          outcomes.forEach((outcome, i) => {
            if (outcome.status === 0 || outcome.closedAfterMs > BODY_TIMEOUT_MS * 3)
              throw new Error(
                `trickled request ${i}: ${outcome.status || 'no answer'}, closed after ${outcome.closedAfterMs} ms\n${describeRequest(batch[i]!)}`,
              );
          });
        },
      ),
      { numRuns: TRICKLE_RUNS, seed: SEED, endOnFailure: true },
    );
    expect(trickled).toBe(TRICKLE_BATCH * TRICKLE_RUNS);
  }, 60_000);

  it('stays healthy, with no process warning', async () => {
    const health = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(health.status).toBe(200);
    expect(t.unhandled()).toEqual([]);
    expect(warnings).toEqual([]);
  });
});

describe('the rate limiter, reached, with connections reset under it', () => {
  let r: LoggedTestApp;
  let rport: number;
  beforeAll(async () => {
    r = await createLoggedTestApp({ RATE_LIMIT_MAX: '5' });
    await r.app.listen({ port: 0, host: '127.0.0.1' });
    rport = (r.app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await r?.close();
  });

  it('answers 429 in the envelope with Retry-After, and never throws for a reset connection', async () => {
    let seen = 0;
    const count = () => seen++;
    r.app.server.on('request', count);
    const wire = 'GET /api/plan HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n';
    const request: RawRequest = {
      requestLine: 'GET /api/plan HTTP/1.1',
      headerLines: ['Host: localhost', 'Connection: close'],
      body: '',
    };
    const answers = [];
    for (let round = 0; round < 4; round++) {
      const batch = await Promise.all(
        Array.from({ length: 15 }, (_, i) =>
          i % 3 === 0 ? sendRaw(rport, request) : sendAndReset(rport, wire),
        ),
      );
      answers.push(...batch.filter((a) => a !== undefined));
    }
    await expect.poll(() => seen, { timeout: 5000 }).toBe(60);
    r.app.server.off('request', count);
    const limited = answers.filter((a) => a.status === 429);
    expect(limited.length).toBeGreaterThan(0);
    for (const answer of answers) {
      expect([401, 429]).toContain(answer.status);
      expect(envelopeCode(answer.body)).toBe(
        answer.status === 429 ? 'RATE_LIMITED' : 'UNAUTHORIZED',
      );
    }
    for (const answer of limited) expect(answer.headers).toMatch(/^retry-after: \d+$/im);
    expect(r.unhandled()).toEqual([]);
    expect((await fetch(`http://127.0.0.1:${rport}/api/health`)).status).toBe(200);
  });
});
