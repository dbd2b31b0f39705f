// The real process (src/server.ts through tsx) as one of several instances on one PostgreSQL:
// the start rule of STORAGE, and a SIGTERM's drain (docs/operations.md § Start and stop) —
// nothing new accepted, health 503 on a connection still open, the AI stream in flight finished,
// the one still running at the deadline ended with a "restarting" error event, exit 0.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { AI_METER_EVENT, ERROR_MESSAGES } from '@codewright/contract';
import { startModelServer, type ModelServer } from '../../../e2e/fixtures/model-server.mjs';
import { adminSqlRoleName } from './modules/db/admin-sql-role.ts';
import { httpClient, spawnListening, stopChild } from './test/built-server.ts';

const SERVER_TS = fileURLToPath(new URL('./server.ts', import.meta.url));
const DRAIN_SECONDS = 2;

const adminUrl = inject('testDatabaseUrl');
const dbName = `cw_test_${randomBytes(6).toString('hex')}`;
const databaseUrl = new URL(adminUrl);
databaseUrl.pathname = `/${dbName}`;
let dataDir: string;
let model: ModelServer;

/** One statement as the cluster's superuser. */
async function admin(sql: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'cw-drain-'));
  model = await startModelServer({ port: 0 });
  await admin(`create database ${dbName}`);
});
afterAll(async () => {
  await model?.close();
  await admin(`drop database if exists ${dbName} with (force)`);
  await admin(`drop role if exists ${adminSqlRoleName(dbName)}`);
  await fs.rm(dataDir, { recursive: true, force: true });
});

/** The server's environment: one instance on DATABASE_URL, the scripted model its provider. */
const serverEnv = (extra: Record<string, string>): NodeJS.ProcessEnv => ({
  ...process.env,
  PORT: '0',
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  DATABASE_URL: databaseUrl.toString(),
  STORAGE: '',
  LOG_LEVEL: 'info',
  NODE_ENV: 'production',
  RATE_LIMIT_MAX: '100000',
  AI_PROVIDER: 'openai-compatible',
  AI_BASE_URL: model.url,
  AI_MODEL_BASIC: 'codewright-test-model',
  ...extra,
});

/** A raw HTTP/1.1 connection: what a load balancer's kept-alive connection to us looks like. */
function connect(base: string) {
  const { hostname, port } = new URL(base);
  const socket = net.connect(Number(port), hostname);
  socket.setEncoding('utf8');
  let received = '';
  let ended = false;
  const waiters = new Set<() => void>();
  const wake = () => waiters.forEach((w) => w());
  socket.on('data', (chunk: string) => {
    received += chunk;
    wake();
  });
  socket.on('error', () => {});
  const closed = new Promise<void>((resolve) =>
    socket.once('close', () => {
      ended = true;
      wake();
      resolve();
    }),
  );
  return {
    closed,
    received: () => received,
    send: (text: string) => socket.write(text),
    /** Resolves once the bytes received contain `text`; fails if the connection ends first. */
    until: (text: string) =>
      new Promise<void>((resolve, reject) => {
        const check = () => {
          if (received.includes(text)) resolve();
          else if (ended) reject(new Error(`closed before ${text}:\n${received}`));
          else return;
          waiters.delete(check);
        };
        waiters.add(check);
        check();
      }),
  };
}

/** A streamed AI answer asked for on `conn` (the same as the generator's). */
function askForStream(conn: ReturnType<typeof connect>, token: string, prompt: string) {
  const body = JSON.stringify({ prompt, meter: 'generation', stream: true });
  conn.send(
    `POST /api/ai/codewright/text HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${token}\r\n` +
      `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
}

/** Resolves once a new connection to `base` is refused (the server stopped listening). */
async function refusedAt(base: string): Promise<void> {
  const { hostname, port } = new URL(base);
  for (;;) {
    const refused = await new Promise<boolean>((resolve) => {
      const socket = net.connect(Number(port), hostname);
      socket.once('connect', () => {
        socket.destroy();
        resolve(false);
      });
      socket.once('error', () => resolve(true));
    });
    if (refused) return;
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** The meter verdict event of a stream's bytes. */
const verdictOf = (text: string) => (/"type":"data-meter","data":(\{[^}]*\})/.exec(text) ?? [])[1];

describe('server process on DATABASE_URL', () => {
  it('refuses to start without STORAGE, saying where uploads would go and what to set', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', SERVER_TS], {
      env: serverEnv({}),
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    const code = await new Promise<number | null>((r) => child.once('exit', r));
    expect(code).toBe(1);
    expect(stderr.trim().split('\n')).toHaveLength(1);
    expect(stderr).toContain(`Codewright failed to start: DATABASE_URL is set`);
    expect(stderr).toContain(path.join(dataDir, 'uploads'));
    expect(stderr).toContain('Set STORAGE=local');
  }, 30_000);

  it('with STORAGE=local starts; SIGTERM drains: streams in flight finish or end "restarting", exit 0', async () => {
    const server = await spawnListening(
      ['--import', 'tsx', SERVER_TS],
      serverEnv({ STORAGE: 'local', SHUTDOWN_DRAIN_SECONDS: String(DRAIN_SECONDS) }),
    );
    const exited = new Promise<number | null>((r) => server.child.once('exit', r));
    try {
      const http = httpClient(server.url);
      const email = `drain-${Date.now()}@example.com`;
      await http.signUp(email, 'password1');
      const token = await http.signIn(email, 'password1');

      // Two answers streaming, each on its own kept-alive connection: one the model finishes
      // once released, one it never finishes.
      const finishing = connect(server.url);
      const endless = connect(server.url);
      askForStream(finishing, token, '[[hold:drain-finish]] a counter');
      askForStream(endless, token, '[[hold:drain-never]] a counter');
      await Promise.all([finishing.until('"text-delta"'), endless.until('"text-delta"')]);

      server.child.kill('SIGTERM');
      // Nothing new is accepted...
      await refusedAt(server.url);
      // ...and a request still arriving on an open connection (queued behind its stream) gets
      // 503: the health check fails at once, in its usual shape.
      endless.send('GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');

      // The answer in flight finishes normally, charged, and its connection is let go at once.
      await fetch(`${model.url.replace(/\/v1$/, '')}/__release/drain-finish`, { method: 'POST' });
      await finishing.until('data: [DONE]');
      expect(finishing.received()).toContain('"type":"finish"');
      expect(finishing.received()).not.toContain('"type":"error"');
      expect(JSON.parse(verdictOf(finishing.received())!)).toEqual({
        meter: 'generation',
        charged: true,
      });
      await finishing.closed;
      expect(endless.received()).not.toContain('"type":"error"');

      // The one still running at the deadline ends with the restarting error, refunded.
      await endless.until('data: [DONE]');
      expect(endless.received()).toContain(
        `{"type":"error","errorText":"${ERROR_MESSAGES.SERVER_RESTARTING}"}`,
      );
      expect(endless.received()).toContain(`"type":"${AI_METER_EVENT}"`);
      expect(JSON.parse(verdictOf(endless.received())!)).toEqual({
        meter: 'generation',
        charged: false,
      });
      await endless.closed;
      // Its model call was aborted too.
      const call = model.requests.find((r) => JSON.stringify(r.body).includes('drain-never'));
      expect(call?.closedEarly).toBe(true);
      const health = endless.received().slice(endless.received().indexOf('HTTP/1.1 503'));
      expect(health).toMatch(/^HTTP\/1\.1 503 /);
      expect(health.toLowerCase()).toContain('connection: close');
      expect(JSON.parse(health.slice(health.indexOf('\r\n\r\n') + 4))).toMatchObject({
        status: 'error',
        database: { status: 'ok', kind: 'postgres' },
      });

      expect(await exited).toBe(0);
      expect(server.output()).toContain('drain deadline reached');
      expect(server.output()).toContain('shutdown complete');
    } finally {
      await stopChild(server.child, 'SIGKILL');
    }
  }, 60_000);
});
