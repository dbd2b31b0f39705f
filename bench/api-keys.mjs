// Budget (issue 49): a request made with an API key costs within 10% of the same request made
// with a session's access token, same server, same run (autocannon, 50 connections, alternating
// rounds). Two routes: GET /api/ai/{project}/status (authentication is most of its work) and
// GET /api/workspaces (one query besides). The built server on the embedded PostgreSQL.
// Usage: node bench/api-keys.mjs [seconds=10]; port APIKEYS_PORT (default 3161).
import {
  alternatingRounds,
  machine,
  report,
  requestJson,
  roundsRow,
  signUpAndIn,
  withTempServer,
} from './lib.mjs';

const RUN = { connections: 50, seconds: Number(process.argv[2] ?? 10), rounds: 5 };
const PORT = Number(process.env.APIKEYS_PORT ?? 3161);
const BASE = `http://127.0.0.1:${PORT}`;
const BUDGET = 0.1;

const api = (method, path, token, body) => requestJson(BASE, method, path, body, token);

await withTempServer(
  'cw-bench-keys-',
  PORT,
  { RATE_LIMIT_MAX: '1000000000' },
  async () => {
    const signin = await signUpAndIn(BASE, `bench-${Date.now()}@example.com`, 'bench-password');
    const token = signin.access_token;
    await api('POST', '/api/plan/upgrade', token, { plan: 'enterprise' });
    const { workspaces } = await api('GET', '/api/workspaces', token);
    const { key } = await api('POST', '/api/integrations/keys', token, {
      workspaceId: workspaces[0].id,
      name: 'bench',
      scope: 'read',
      expiresInDays: 1,
    });
    const rows = [];
    const json = { bench: 'api-keys', ...RUN, budget: `key within ${BUDGET * 100}% of session` };
    for (const [name, path] of [
      ['ai status', '/api/ai/codewright/status'],
      ['workspaces', '/api/workspaces'],
    ]) {
      const total = await alternatingRounds(RUN, {
        session: { url: `${BASE}${path}`, headers: { authorization: `Bearer ${token}` } },
        key: { url: `${BASE}${path}`, headers: { authorization: `Bearer ${key}` } },
      });
      const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
      const session = roundsRow(`GET ${path} (session)`, total.session, median);
      const keyed = roundsRow(`GET ${path} (API key)`, total.key, median);
      const ratio = keyed.req_per_s / session.req_per_s;
      rows.push(session, keyed, {
        target: `${name}: key / session`,
        req_per_s: `${(ratio * 100).toFixed(1)}% (budget ≥ ${(1 - BUDGET) * 100}%)`,
      });
      json[name] = {
        session,
        key: keyed,
        ratio: Math.round(ratio * 1000) / 1000,
        within_budget: ratio >= 1 - BUDGET && keyed.non_2xx === 0 && session.non_2xx === 0,
      };
    }
    json.machine = machine();
    report('api-keys', rows, json);
  },
  { healthMs: 30_000 },
);
