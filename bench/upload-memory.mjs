// Budget: a 50 MB upload keeps the server's memory growth under 20 MB. The upload streams to disk;
// what grew was Node's dead copies of the body's chunks waiting for a collection, about 30 MB,
// until the route asked for a minor one every 8 MB (docs/decisions/053): now about 5 MB.
// Starts the server (the built dist when it has the storage routes, else the
// TypeScript source through tsx; never rebuilds) on a temp DATA_DIR, signs a
// user up and in, streams a 50 MB multipart upload generated on the fly, and
// samples the server's VmRSS (/proc/<pid>/status) every 20 ms before and during.
// UPLOAD_STORAGE=s3 stores on an S3-compatible server instead: s3rver (from npm, as the API
// tests use), run in this bench's process, so its memory is not the server's.
// Usage: [UPLOAD_PORT=3450] [UPLOAD_STORAGE=local|s3] node bench/upload-memory.mjs [MB=50]
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import {
  machine,
  median,
  report,
  SERVER_JS,
  signUpAndIn,
  startTempServer,
  stop,
  waitFor200,
} from './lib.mjs';

const MB = 1024 * 1024;
const FILE_BYTES = Number(process.argv[2] ?? 50) * MB;
const PORT = Number(process.env.UPLOAD_PORT ?? 3450);
const BUDGET_MB = 20;
const SAMPLE_MS = 20;
const CHUNK = 64 * 1024;

const STORAGE = process.env.UPLOAD_STORAGE ?? 'local';
const s3 = STORAGE === 's3' ? await startS3rver() : null;

/** s3rver on a free port with one bucket, and the settings that point the server at it. */
async function startS3rver() {
  const { default: S3rver } = await import('s3rver');
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'cw-bench-s3rver-'));
  const s3rver = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: 'bench' }],
  });
  const { port } = await s3rver.run();
  return {
    env: {
      STORAGE: 's3',
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_BUCKET: 'bench',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    },
    async close() {
      await s3rver.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}

const useDist =
  fs.existsSync(SERVER_JS) && fs.readFileSync(SERVER_JS, 'utf8').includes('/storage/:project');
const { server, work } = startTempServer(
  'cw-bench-upload-',
  PORT,
  { NODE_ENV: 'production', LOG_LEVEL: 'warn', RATE_LIMIT_MAX: '1000000', ...s3?.env },
  { fromSource: !useDist },
);

/** Resident set size of the server process in bytes. */
function rss() {
  const status = fs.readFileSync(`/proc/${server.pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)\s+kB/.exec(status)[1]) * 1024;
}

/** Streams a multipart upload of `size` random-looking bytes; resolves with status and body. */
function streamUpload(token, userId, size, name) {
  const boundary = `bench${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="path"\r\n\r\nuploads/${userId}/${name}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="options"\r\n\r\n{"upsert":true}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\n` +
      'Content-Type: application/octet-stream\r\n\r\n',
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const chunk = randomBytes(CHUNK);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port: PORT,
        method: 'POST',
        path: '/api/storage/codewright/upload',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': String(head.length + size + tail.length),
        },
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (d) => (body += d));
        res.on('end', () => resolve({ status: res.statusCode, body }));
      },
    );
    req.on('error', reject);
    let sent = 0;
    const pump = () => {
      while (sent < size) {
        const n = Math.min(CHUNK, size - sent);
        sent += n;
        if (!req.write(n === CHUNK ? chunk : chunk.subarray(0, n))) return req.once('drain', pump);
      }
      req.end(tail);
    };
    req.write(head);
    pump();
  });
}

try {
  const url = `http://127.0.0.1:${PORT}`;
  await waitFor200(`${url}/api/health`, performance.now(), 60_000);
  const signin = await signUpAndIn(url, `bench-${Date.now()}@example.com`, 'bench-password');
  const token = signin.access_token;
  const userId = signin.user.id;

  // Warm-up: a small upload loads the route, multipart parser and file system paths.
  const warm = await streamUpload(token, userId, MB, 'warm.bin');
  if (warm.status !== 201) throw new Error(`warm-up upload failed: ${warm.status} ${warm.body}`);
  await new Promise((r) => setTimeout(r, 500));

  const before = [];
  for (let i = 0; i < 25; i++) {
    before.push(rss());
    await new Promise((r) => setTimeout(r, SAMPLE_MS));
  }
  const baseline = median(before);
  let peak = baseline;
  let samples = 0;
  const timer = setInterval(() => {
    peak = Math.max(peak, rss());
    samples++;
  }, SAMPLE_MS);
  const started = performance.now();
  const result = await streamUpload(token, userId, FILE_BYTES, 'big.bin');
  const ms = performance.now() - started;
  clearInterval(timer);
  peak = Math.max(peak, rss());
  if (result.status !== 201) throw new Error(`upload failed: ${result.status} ${result.body}`);
  const stored = JSON.parse(result.body);
  if (stored.size !== FILE_BYTES)
    throw new Error(`stored ${stored.size} bytes, sent ${FILE_BYTES}`);

  const growthMb = (peak - baseline) / MB;
  const json = {
    bench: 'upload-memory',
    storage: STORAGE,
    server: useDist ? 'dist' : 'source (tsx)',
    file_mb: FILE_BYTES / MB,
    upload_ms: Math.round(ms),
    throughput_mb_s: Math.round((FILE_BYTES / MB / (ms / 1000)) * 10) / 10,
    rss_baseline_mb: Math.round((baseline / MB) * 10) / 10,
    rss_peak_mb: Math.round((peak / MB) * 10) / 10,
    rss_growth_mb: Math.round(growthMb * 10) / 10,
    samples,
    budget_growth_mb: BUDGET_MB,
    within_budget: growthMb < BUDGET_MB,
    machine: machine(),
  };
  report(
    'upload-memory',
    [
      {
        upload: `${json.file_mb} MB to ${STORAGE}`,
        ms: json.upload_ms,
        'RSS before (MB)': json.rss_baseline_mb,
        'RSS peak (MB)': json.rss_peak_mb,
        'growth (MB)': `${json.rss_growth_mb} (budget < ${BUDGET_MB})`,
        within_budget: json.within_budget,
      },
    ],
    json,
  );
} finally {
  await stop(server);
  await s3?.close();
  fs.rmSync(work, { recursive: true, force: true });
}
