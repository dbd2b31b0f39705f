// Budget (issue 49): a webhook is delivered p50 under 200 ms after its event, to a local
// receiver. Each round renames a project (db REST PATCH) and times from the request's start to
// the delivery reaching the receiver. The built server on the embedded PostgreSQL.
// Usage: node bench/webhooks.mjs [rounds=100]; port WEBHOOKS_PORT (default 3171).
import http from 'node:http';
import { machine, percentile, report, requestJson, signUpAndIn, withTempServer } from './lib.mjs';

const ROUNDS = Number(process.argv[2] ?? 100);
const PORT = Number(process.env.WEBHOOKS_PORT ?? 3171);
const BASE = `http://127.0.0.1:${PORT}`;
const BUDGET_P50_MS = 200;

/** A receiver that resolves the waiter of each project name it is told of. */
const waiting = new Map();
const receiver = http.createServer((req, res) => {
  const parts = [];
  req.on('data', (p) => parts.push(p));
  req.on('end', () => {
    res.writeHead(204).end();
    const { data } = JSON.parse(Buffer.concat(parts).toString('utf8'));
    waiting.get(data.name)?.(performance.now());
  });
});
await new Promise((resolve) => receiver.listen(0, '127.0.0.1', resolve));
const receiverUrl = `http://127.0.0.1:${receiver.address().port}/hook`;

const api = (method, path, token, body) => requestJson(BASE, method, path, body, token);

try {
  await withTempServer(
    'cw-bench-webhooks-',
    PORT,
    { RATE_LIMIT_MAX: '1000000000', URL_ALLOW_LIST: '127.0.0.1' },
    async () => {
      const { access_token: token } = await signUpAndIn(
        BASE,
        `bench-${Date.now()}@example.com`,
        'bench-password',
      );
      await api('POST', '/api/plan/upgrade', token, { plan: 'enterprise' });
      const { workspaces } = await api('GET', '/api/workspaces', token);
      await api('POST', '/api/integrations/webhooks', token, {
        workspaceId: workspaces[0].id,
        url: receiverUrl,
        events: ['project.updated'],
      });
      const [project] = await api('POST', '/api/db/codewright/rest/v1/projects', token, {
        name: 'bench',
        language: 'JavaScript',
        code: '',
      });
      const latencies = [];
      for (let i = 0; i < ROUNDS; i++) {
        const name = `bench ${i}`;
        const delivered = new Promise((resolve) => waiting.set(name, resolve));
        const started = performance.now();
        await api('PATCH', `/api/db/codewright/rest/v1/projects?id=eq.${project.id}`, token, {
          name,
        });
        latencies.push((await delivered) - started);
        waiting.delete(name);
      }
      const p50 = percentile(latencies, 50);
      const row = {
        target: 'project saved → webhook received',
        rounds: ROUNDS,
        p50_ms: Math.round(p50 * 10) / 10,
        p99_ms: Math.round(percentile(latencies, 99) * 10) / 10,
      };
      report('webhooks', [row, { target: 'budget', p50_ms: `< ${BUDGET_P50_MS}` }], {
        bench: 'webhooks',
        ...row,
        budget_p50_ms: BUDGET_P50_MS,
        within_budget: p50 < BUDGET_P50_MS,
        machine: machine(),
      });
    },
    { healthMs: 30_000 },
  );
} finally {
  receiver.close();
}
