// Budget (docs/decisions/037): a signed-URL download of a private file costs within 10% of a
// plain public download of a file of the same size, same server, same run. The real built
// server runs on the embedded PostgreSQL; a Free user's file is served at its plain URL (the
// folder's privacy comes from a short cache), a Pro user's at its signed URL (an HMAC check, no
// query). autocannon, 50 connections, alternating rounds so both see the same background load.
// Usage: node bench/signed-download.mjs [seconds=10] [kB=16]   Port: SIGNED_PORT (default 3171).
import {
  alternatingRounds,
  machine,
  median,
  report,
  roundsRow,
  signUpAndIn,
  signUpPro,
  withTempServer,
} from './lib.mjs';

/** Warm-ups, then 5 alternating rounds of 50 connections, so both see the same background load. */
const RUN = { connections: 50, seconds: Number(process.argv[2] ?? 10), rounds: 5 };
const KB = Number(process.argv[3] ?? 16);
const PORT = Number(process.env.SIGNED_PORT ?? 3171);
const BUDGET = 1.1;
const base = `http://127.0.0.1:${PORT}`;

/** Uploads `bytes` into the user's own folder; resolves with the URL the server handed out. */
async function upload(session, bytes) {
  const form = new FormData();
  form.append('path', `uploads/${session.user.id}/bench.txt`);
  form.append('file', new Blob([bytes]), 'bench.txt');
  const res = await fetch(`${base}/api/storage/codewright/upload`, {
    method: 'POST',
    headers: { authorization: `Bearer ${session.access_token}` },
    body: form,
  });
  const body = await res.text();
  if (res.status !== 201) throw new Error(`upload failed: ${res.status} ${body}`);
  return JSON.parse(body).publicUrl;
}

/** The URL on this listener (publicUrl is built on PUBLIC_URL). */
const local = (url) => `${base}${new URL(url).pathname}${new URL(url).search}`;

const serverEnv = { RATE_LIMIT_MAX: '1000000000', LOG_LEVEL: 'warn' };
await withTempServer(
  'cw-bench-signed-',
  PORT,
  serverEnv,
  async () => {
    const bytes = Buffer.alloc(KB * 1024, 'codewright signed download bench\n');
    const free = await signUpAndIn(base, `bench-free-${Date.now()}@example.com`, 'bench-password');
    const pro = await signUpPro(base, `bench-pro-${Date.now()}@example.com`, 'bench-password');
    const plainUrl = local(await upload(free, bytes));
    const signedUrl = local(await upload(pro, bytes));
    if (!signedUrl.includes('signature=')) throw new Error(`not a signed URL: ${signedUrl}`);
    // The private file's plain path must be invisible, or the comparison means nothing.
    const hidden = await fetch(signedUrl.split('?')[0]);
    await hidden.arrayBuffer();
    if (hidden.status !== 404)
      throw new Error(`private file served without a signature: ${hidden.status}`);

    // Warm-ups (JIT, file system and the privacy cache), then alternating rounds.
    const total = await alternatingRounds(RUN, {
      plain: { url: plainUrl },
      signed: { url: signedUrl },
    });
    const row = (name, rs) => roundsRow(name, rs, median);
    const plain = row(`GET /public/<key> (Free, plain URL, ${KB} kB)`, total.plain);
    const signed = row(`GET /public/<key>?expires&signature (Pro, ${KB} kB)`, total.signed);
    // Cost ratio: how much longer a signed download takes per request (throughput ratio inverted).
    const costRatio = plain.req_per_s / signed.req_per_s;
    const json = {
      bench: 'signed-download',
      ...RUN,
      file_kb: KB,
      plain,
      signed,
      cost_ratio: Math.round(costRatio * 1000) / 1000,
      p50_ratio: Math.round((signed.p50_ms / Math.max(plain.p50_ms, 0.001)) * 1000) / 1000,
      p99_ratio: Math.round((signed.p99_ms / Math.max(plain.p99_ms, 0.001)) * 1000) / 1000,
      budget_cost_ratio: BUDGET,
      within_budget: costRatio <= BUDGET && plain.non_2xx === 0 && signed.non_2xx === 0,
      machine: machine(),
    };
    report(
      'signed-download',
      [
        plain,
        signed,
        {
          target: 'cost ratio (plain req/s ÷ signed req/s)',
          req_per_s: `${json.cost_ratio} (budget ≤ ${BUDGET})`,
        },
      ],
      json,
    );
    if (!json.within_budget) process.exitCode = 1;
  },
  { healthMs: 60_000 },
);
