// Budgets (issue: realtime): with 1,000 websockets connected to one server process, a message to a
// 1,000-member channel reaches them all with a delivery p99 under 100 ms; an idle connection
// costs the server under 50 KB of memory.
//
// Starts the built server on a throwaway DATA_DIR (embedded PostgreSQL), signs one user in, makes
// a project, and opens CLIENTS websockets (the `ws` package, real TCP), each signed in by its
// first frame and subscribed to the project's channel. The server's resident memory (VmRSS) is
// read before and after, once the connections have been idle a while. Then MESSAGES messages are
// published, one every GAP_MS, by one more websocket; each receiver notes when its copy arrived
// (the same clock as the sender's). Prints the delivery percentiles and the memory per connection.
//
//   node bench/realtime-fanout.mjs
//   RT_CLIENTS=1000 RT_MESSAGES=20 RT_PORT=3181 node bench/realtime-fanout.mjs
import { WebSocket } from 'ws';
import {
  percentile,
  report,
  rssKb,
  sleep,
  requestJson,
  signUpAndIn,
  startTempServer,
  stop,
  waitFor200,
} from './lib.mjs';

const CLIENTS = Number(process.env.RT_CLIENTS ?? 1000);
const MESSAGES = Number(process.env.RT_MESSAGES ?? 20);
const GAP_MS = 250;
const PORT = Number(process.env.RT_PORT ?? 3181);
const BUDGET_P99_MS = 100;
const BUDGET_KB_PER_CONNECTION = 50;

/** A signed-in socket subscribed to `channel`; `onMessage(message, arrivedAt)` for each message. */
function openClient(url, token, channel, onMessage) {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url);
    const timer = setTimeout(() => reject(new Error('client did not subscribe in 30 s')), 30_000);
    ws.on('open', () => ws.send(JSON.stringify({ type: 'auth', token })));
    ws.on('error', reject);
    ws.on('message', (data) => {
      const arrivedAt = performance.now();
      const frame = JSON.parse(data.toString());
      if (frame.type === 'ready') ws.send(JSON.stringify({ type: 'subscribe', channel }));
      else if (frame.type === 'subscribed') {
        clearTimeout(timer);
        resolve(ws);
      } else if (frame.type === 'message') onMessage(frame.message, arrivedAt);
      else if (frame.type === 'error') reject(new Error(`${frame.code}: ${frame.message}`));
    });
  });
}

const { server, base } = startTempServer('cw-bench-realtime-', PORT, {
  RATE_LIMIT_MAX: '1000000000',
});
const sockets = [];
try {
  await waitFor200(`${base}/api/health`, performance.now(), 60_000);
  const session = await signUpAndIn(base, `rt-${Date.now()}@example.com`, 'bench-password');
  const token = session.access_token;
  const [project] = await requestJson(
    base,
    'POST',
    '/api/db/codewright/rest/v1/projects',
    { name: 'Realtime bench', language: 'JavaScript', code: 'x' },
    token,
  );
  const channel = `project:${project.id}`;
  const url = `${base.replace('http', 'ws')}/api/realtime/codewright/ws`;

  await sleep(2_000);
  const rssBefore = rssKb(server.pid);
  const delays = [];
  const sentAt = new Map();
  const onMessage = (message, arrivedAt) => {
    const t = sentAt.get(message.payload.n);
    if (t !== undefined) delays.push(arrivedAt - t);
  };
  // Opened in batches of 50, as a crowd arrives.
  for (let i = 0; i < CLIENTS; i += 50) {
    const batch = Math.min(50, CLIENTS - i);
    sockets.push(
      ...(await Promise.all(
        Array.from({ length: batch }, () => openClient(url, token, channel, onMessage)),
      )),
    );
  }
  await sleep(3_000);
  const rssAfter = rssKb(server.pid);

  const sender = await openClient(url, token, channel, () => undefined);
  sockets.push(sender);
  for (let n = 0; n < MESSAGES; n += 1) {
    sentAt.set(n, performance.now());
    sender.send(JSON.stringify({ type: 'publish', channel, event: 'tick', payload: { n } }));
    await sleep(GAP_MS);
  }
  const expected = CLIENTS * MESSAGES;
  for (let waited = 0; delays.length < expected && waited < 10_000; waited += 100) await sleep(100);

  const p50 = percentile(delays, 50);
  const p99 = percentile(delays, 99);
  const kbPerConnection = (rssAfter - rssBefore) / CLIENTS;
  report(
    'realtime-fanout',
    [
      { measure: 'clients on one channel', value: CLIENTS },
      { measure: 'messages delivered / expected', value: `${delays.length} / ${expected}` },
      { measure: 'delivery p50 (ms)', value: Math.round(p50 * 10) / 10 },
      { measure: 'delivery p99 (ms)', value: Math.round(p99 * 10) / 10, budget: BUDGET_P99_MS },
      { measure: 'delivery max (ms)', value: Math.round(Math.max(...delays) * 10) / 10 },
      {
        measure: 'server memory per idle connection (KB, RSS)',
        value: Math.round(kbPerConnection * 10) / 10,
        budget: BUDGET_KB_PER_CONNECTION,
      },
    ],
    {
      bench: 'realtime-fanout',
      clients: CLIENTS,
      messages: MESSAGES,
      delivered: delays.length,
      expected,
      p50_ms: p50,
      p99_ms: p99,
      rss_before_kb: rssBefore,
      rss_after_kb: rssAfter,
      kb_per_connection: kbPerConnection,
      pass:
        delays.length === expected &&
        p99 < BUDGET_P99_MS &&
        kbPerConnection < BUDGET_KB_PER_CONNECTION,
    },
  );
} finally {
  for (const ws of sockets) ws.terminate();
  await stop(server);
}
