#!/usr/bin/env node
// Power-cut simulation (docs/decisions/011). Needs root and loop devices (Linux).
//
// Each round: a fresh ext4 file system on a loop device holds DATA_DIR; the built
// server runs on it while writers insert projects and note each acknowledged id with
// its time. At a random moment the raw block device is copied with O_DIRECT — what
// the disk holds, without the page cache — which is what a power cut leaves. The copy
// is then mounted (the journal replays as after a real cut), the server is started on
// it, and every write acknowledged before the copy began must be there.
// Some rounds cut within a second of the very first start (secret, cluster creation).
//
// Usage: sudo node scripts/power-cut.mjs [rounds=10] [--server path/to/dist/server.js]
// The default server is this checkout's apps/server/dist/server.js (`npm run build`).
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(fileURLToPath(new URL('..', import.meta.url)));
const args = process.argv.slice(2);
const serverFlag = args.indexOf('--server');
const SERVER_JS =
  serverFlag >= 0
    ? path.resolve(args[serverFlag + 1])
    : path.join(ROOT, 'apps/server/dist/server.js');
const ROUNDS = Number(args.find((a, i) => /^\d+$/.test(a) && args[i - 1] !== '--server') ?? 10);
const IMAGE_MB = 192;
const WRITERS = 8;

if (process.getuid?.() !== 0) {
  console.error(
    'power-cut: needs root (loop devices, mount). Run: sudo node scripts/power-cut.mjs',
  );
  process.exit(2);
}
if (!fs.existsSync(SERVER_JS)) {
  console.error(`power-cut: ${SERVER_JS} not found; run npm run build first`);
  process.exit(2);
}

const sh = (cmd, argv) => execFileSync(cmd, argv, { encoding: 'utf8' }).trim();
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

function startServer(dataDir) {
  const child = spawn(process.execPath, [SERVER_JS], {
    env: {
      PATH: process.env.PATH,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      RATE_LIMIT_MAX: '1000000',
      AUTH_RATE_LIMIT_IP_MAX: '100000',
      AUTH_RATE_LIMIT_EMAIL_MAX: '100000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const ready = new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => resolve({ error: `no start within 60 s:\n${out.slice(-2000)}` }),
      60_000,
    );
    child.stdout.on('data', (c) => {
      out += c;
      const m = /Codewright listening on (http:\/\/[\d.]+:\d+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve({ url: m[1] });
      }
    });
    child.stderr.on('data', (c) => (out += c));
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ error: `exited with ${code}:\n${out.slice(-2000)}` });
    });
    child.once('error', reject);
  });
  return { child, ready };
}

async function call(base, method, url, body, token) {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: await res.json().catch(() => null) };
}

async function killAndWait(child) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGKILL');
  await exited;
}

/** Waits until no process has files open under `dir` (the embedded postgres stopping). */
async function waitForNoUsers(dir) {
  for (let i = 0; i < 300; i++) {
    let busy = false;
    for (const pid of fs.readdirSync('/proc').filter((p) => /^\d+$/.test(p))) {
      try {
        const cmd = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8');
        if (cmd.includes(dir)) busy = true;
      } catch {
        // gone
      }
    }
    if (!busy) return;
    await sleep(100);
  }
}

function makeFs(work, name) {
  const image = path.join(work, `${name}.img`);
  sh('truncate', ['-s', `${IMAGE_MB}M`, image]);
  sh('mkfs.ext4', ['-q', '-F', image]);
  return image;
}

function attach(image, mountPoint) {
  const dev = sh('losetup', ['-f', '--show', image]);
  fs.mkdirSync(mountPoint, { recursive: true });
  sh('mount', [dev, mountPoint]);
  return dev;
}

function detach(dev, mountPoint) {
  try {
    sh('umount', [mountPoint]);
  } catch {
    sh('umount', ['-l', mountPoint]);
  }
  sh('losetup', ['-d', dev]);
}

async function round(n, work) {
  const early = n % 5 === 1; // cut within 3 s of the first start (cluster, secret, sign-up)
  const image = makeFs(work, `live-${n}`);
  const live = path.join(work, `live-${n}`);
  const dev = attach(image, live);
  const dataDir = path.join(live, 'data');
  const started = Date.now();
  const server = startServer(dataDir);
  const acked = []; // [id, ackedAt]
  let stop = false;
  let cutAt;
  const email = `cut-${n}@example.com`;
  const password = 'power-cut-password';
  const snapshot = path.join(work, `cut-${n}.img`);

  let setupError;
  const work$ = (async () => {
    const { url, error } = await server.ready;
    if (error) return;
    const up = await call(url, 'POST', '/api/auth/signup', { email, password });
    if (up.status !== 201)
      return void (setupError = `signup ${up.status} ${JSON.stringify(up.body)}`);
    const signIn = await call(url, 'POST', '/api/auth/signin/email', { email, password });
    const token = signIn.body?.access_token;
    if (!token) return void (setupError = `signin ${signIn.status}`);
    const upgrade = await call(url, 'POST', '/api/plan/upgrade', { plan: 'pro' }, token);
    if (upgrade.status !== 200) return void (setupError = `upgrade ${upgrade.status}`);
    let seq = 0;
    const writer = async (w) => {
      while (!stop) {
        const id = `proj_${Date.now()}_${w}${(seq++).toString(36).padStart(6, '0')}`;
        try {
          const res = await call(
            url,
            'POST',
            '/api/db/codewright/rest/v1/projects',
            {
              id,
              name: `cut ${n}`,
              language: 'JavaScript',
              code: `// ${id}\n`.repeat(20),
            },
            token,
          );
          if (res.status === 201) acked.push([id, Date.now()]);
          else setupError ??= `insert ${res.status} ${JSON.stringify(res.body)}`;
        } catch {
          // the server died: not acknowledged
        }
      }
    };
    await Promise.all(Array.from({ length: WRITERS }, (_, w) => writer(w)));
  })();

  if (early) await sleep(300 + Math.random() * 2700);
  else {
    await server.ready;
    await sleep(1500 + Math.random() * 3000);
  }
  // The cut: what the block device holds right now, bypassing every cache.
  cutAt = Date.now();
  sh('dd', [`if=${dev}`, `of=${snapshot}`, 'bs=4M', 'iflag=direct', 'status=none']);
  stop = true;
  await killAndWait(server.child);
  await work$;
  await waitForNoUsers(live);
  detach(dev, live);
  fs.rmSync(image, { force: true });

  const mustHave = acked.filter(([, at]) => at < cutAt).map(([id]) => id);
  const after = path.join(work, `after-${n}`);
  const dev2 = attach(snapshot, after);
  const restarted = startServer(path.join(after, 'data'));
  const { url, error } = await restarted.ready;
  let present = new Set();
  let signedIn = false;
  if (url) {
    const signIn = await call(url, 'POST', '/api/auth/signin/email', { email, password });
    const token = signIn.body?.access_token;
    signedIn = Boolean(token);
    if (token) {
      const list = await call(
        url,
        'GET',
        '/api/db/codewright/rest/v1/projects?select=id',
        undefined,
        token,
      );
      present = new Set((list.body ?? []).map((r) => r.id));
    }
  }
  await killAndWait(restarted.child);
  await waitForNoUsers(after);
  detach(dev2, after);
  fs.rmSync(snapshot, { force: true });
  const lost = mustHave.filter((id) => !present.has(id)).length;
  return {
    round: n,
    cut: early ? `${cutAt - started} ms after start` : 'during writes',
    acknowledged: mustHave.length,
    lost,
    restarted: Boolean(url),
    signedIn: mustHave.length > 0 ? signedIn : null,
    error:
      error?.split('\n').slice(-3).join(' | ') ??
      (stop && acked.length === 0 ? setupError : undefined),
  };
}

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'cw-power-cut-'));
// As root the embedded PostgreSQL runs as the user postgres, who must be able to enter it.
fs.chmodSync(work, 0o755);
const results = [];
try {
  for (let n = 1; n <= ROUNDS; n++) {
    const r = await round(n, work);
    results.push(r);
    console.log(
      `round ${String(n).padStart(2)}: ${r.cut.padEnd(22)} acknowledged ${String(r.acknowledged).padStart(5)}  lost ${String(r.lost).padStart(5)}  server ${r.restarted ? 'started' : 'DID NOT START'}${r.error ? `  (${r.error})` : ''}`,
    );
  }
} finally {
  fs.rmSync(work, { recursive: true, force: true });
}
const total = results.reduce((s, r) => s + r.acknowledged, 0);
const lost = results.reduce((s, r) => s + r.lost, 0);
const failedStarts = results.filter((r) => !r.restarted).length;
console.log(
  JSON.stringify({
    server: path.relative(process.cwd(), SERVER_JS),
    rounds: ROUNDS,
    acknowledged: total,
    lost,
    failedStarts,
  }),
);
console.log(
  `${lost === 0 && failedStarts === 0 ? 'PASS' : 'FAIL'}: ${lost} of ${total} acknowledged writes lost over ${ROUNDS} power cuts; the server failed to start after ${failedStarts}`,
);
process.exit(lost === 0 && failedStarts === 0 ? 0 : 1);
