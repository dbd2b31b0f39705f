// The last-resort handlers in a real child process (test/fixtures/last-resort-server.ts): a
// rejection nobody awaited is logged with its request id and the server keeps serving; an
// exception thrown out of a callback is logged with its request id, then the server drains and
// exits non-zero (npm start restarts it: scripts/supervise.test.mjs).
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const SERVER = fileURLToPath(new URL('../test/fixtures/last-resort-server.ts', import.meta.url));

interface LogLine {
  level: number;
  msg: string;
  reqId?: string;
  req?: { url: string };
  err?: { message: string };
}

it('logs an escaped error with its request id; keeps serving after a rejection, exits 1 after an exception', async () => {
  const child = spawn(process.execPath, ['--import', 'tsx', SERVER], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: LogLine[] = [];
  let out = '';
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => resolve(code)),
  );
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /listening (\d+)/.exec(out);
      if (match) resolve(Number(match[1]));
    });
    child.once('exit', () => reject(new Error(`exited early:\n${out}`)));
  });
  child.stdout.on('data', () => {
    for (const line of out.split('\n')) {
      if (!line.startsWith('{')) continue;
      const parsed = JSON.parse(line) as LogLine;
      if (!lines.some((l) => JSON.stringify(l) === JSON.stringify(parsed))) lines.push(parsed);
    }
  });
  const base = `http://127.0.0.1:${port}`;
  const waitFor = async (check: () => LogLine | undefined) => {
    for (let i = 0; i < 200; i++) {
      const found = check();
      if (found) return found;
      await new Promise((r) => setTimeout(r, 25));
    }
    throw new Error(`not logged:\n${out}`);
  };
  const reqIdOf = (url: string) =>
    waitFor(() => lines.find((l) => l.msg === 'incoming request' && l.req?.url === url));

  expect((await fetch(`${base}/reject`)).status).toBe(200);
  const rejected = await waitFor(() => lines.find((l) => l.msg.startsWith('unhandled rejection')));
  expect(rejected.err?.message).toBe('nobody awaited this');
  expect(rejected.reqId).toBe((await reqIdOf('/reject')).reqId);
  expect((await fetch(`${base}/ok`)).status).toBe(200);

  expect((await fetch(`${base}/throw`)).status).toBe(200);
  expect(await exited).toBe(1);
  const thrown = lines.find((l) => l.msg.startsWith('uncaught exception'));
  expect(thrown?.level).toBe(60);
  expect(thrown?.err?.message).toBe('thrown out of a callback');
  expect(thrown?.reqId).toBe((await reqIdOf('/throw')).reqId);
}, 30_000);
