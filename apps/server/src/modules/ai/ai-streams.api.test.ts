// AI streams under readers that stop reading, and the per-user stream cap (docs/api.md § AI
// "Streams"; docs/decisions/012). The real provider code against the scripted model server over
// real sockets; a stalled reader is a raw socket that stops reading once the answer started.
// The stall limit is short here (AI_STREAM_STALL_MS); the answers are long enough ([[long]])
// to fill every socket buffer between the server and the reader.
import { describe, expect, it } from 'vitest';
import net from 'node:net';
import type { PlanInfo } from '@codewright/contract';
import type { ModelServerRequest } from '../../../../../e2e/fixtures/model-server.mjs';
import { newSession } from '../../test/auth-helpers.ts';
import { useScriptedModelApp } from '../../test/scripted-model-app.ts';

const STALL_MS = 400;
// Bigger than the loopback socket buffers on both sides (a few MB each).
const LONG_KIB = 32 * 1024;

const scripted = useScriptedModelApp(
  {
    AI_STREAM_STALL_MS: String(STALL_MS),
    // Receiving a request is bounded; sending an answer is not (a stream outlives this).
    HTTP_REQUEST_TIMEOUT_MS: '1000',
  },
  { listen: true },
);

interface User {
  token: string;
}
async function newUser(): Promise<User> {
  const { session } = await newSession(scripted.t.app);
  return { token: session.access_token };
}

const text = (user: User, body: unknown, init: RequestInit = {}) =>
  fetch(`${scripted.base}/api/ai/codewright/text`, {
    method: 'POST',
    headers: { authorization: `Bearer ${user.token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
    ...init,
  });
const planOf = async (user: User) => {
  const res = await fetch(`${scripted.base}/api/plan`, {
    headers: { authorization: `Bearer ${user.token}` },
  });
  return (await res.json()) as PlanInfo;
};
const requestWith = (marker: string): ModelServerRequest | undefined =>
  scripted.model.requests.find((r) => JSON.stringify(r.body.messages).includes(marker));

const until = async (check: () => boolean | Promise<boolean>, ms = 15_000) => {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
};

/**
 * Opens a streamed /text call on a raw socket and stops reading as soon as the answer's
 * status line arrived: the server's writes then fill the socket buffers and stall.
 */
function stalledReader(user: User, prompt: string) {
  const socket = net.connect(Number(new URL(scripted.base).port), '127.0.0.1');
  const body = JSON.stringify({ prompt, stream: true });
  socket.write(
    `POST /api/ai/codewright/text HTTP/1.1\r\nhost: 127.0.0.1\r\n` +
      `authorization: Bearer ${user.token}\r\ncontent-type: application/json\r\n` +
      `content-length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
  const status = new Promise<string>((resolve, reject) => {
    socket.once('data', (chunk: Buffer) => {
      socket.pause();
      resolve(chunk.toString('latin1').split('\r\n')[0] ?? '');
    });
    socket.once('error', reject);
  });
  return { status, socket };
}

describe('a reader that stops reading', () => {
  it('is dropped after the stall limit; the model stops being pulled and sees the abort; text delivered → charged', async () => {
    const u = await newUser();
    const marker = 'stalled before code 5150';
    const reader = stalledReader(u, `[[long:${LONG_KIB}]] ${marker}`);
    expect(await reader.status).toBe('HTTP/1.1 200 OK');
    // The model call is aborted once the reader is dropped …
    await until(() => requestWith(marker)?.closedEarly === true);
    const seen = requestWith(marker)!;
    // … and, while the reader stalled, the server stopped pulling: the answer never finished.
    expect(seen.finished).toBe(false);
    expect(seen.chunksSent).toBeLessThan(seen.chunksTotal);
    // The stalled reader was sent explanation text only, which it can still read from its
    // socket: charged (DESIGN §3.2), so stalling before the fence reads nothing for free.
    await new Promise((r) => setTimeout(r, 100));
    expect((await planOf(u)).usage.generationsUsed).toBe(1);
    reader.socket.destroy();
  });

  it('is dropped the same way once code has begun, and then keeps its charge', async () => {
    const u = await newUser();
    const marker = 'stalled inside code 6160';
    const reader = stalledReader(u, `[[long-code:${LONG_KIB}]] ${marker}`);
    expect(await reader.status).toBe('HTTP/1.1 200 OK');
    await until(() => requestWith(marker)?.closedEarly === true);
    expect(requestWith(marker)!.finished).toBe(false);
    // Settled by the refund rule: text (here code too) was delivered, so the charge stands.
    await new Promise((r) => setTimeout(r, 100));
    expect((await planOf(u)).usage.generationsUsed).toBe(1);
    reader.socket.destroy();
  });

  it('health answers while readers are stalled, and their slots free once they are dropped', async () => {
    const users = await Promise.all([newUser(), newUser(), newUser()]);
    const markers = users.map((_, i) => `stalled health ${i} 7170`);
    const readers = users.map((u, i) => stalledReader(u, `[[long:${LONG_KIB}]] ${markers[i]}`));
    for (const r of readers) expect(await r.status).toBe('HTTP/1.1 200 OK');
    // Every reader stalled and still connected: health answers all the same.
    for (let i = 0; i < 5; i++) {
      const res = await fetch(`${scripted.base}/api/health`);
      expect(res.status).toBe(200);
      expect(((await res.json()) as { status: string }).status).toBe('ok');
    }
    await until(() => markers.every((m) => requestWith(m)?.closedEarly === true));
    // Dropped streams give their slots back: each user may stream three at once again.
    const [first] = users;
    const again = await Promise.all(
      [1, 2, 3].map((i) => text(first!, { prompt: `after drop ${i}`, stream: true })),
    );
    expect(again.map((r) => r.status)).toEqual([200, 200, 200]);
    await Promise.all(again.map((r) => r.text()));
    for (const r of readers) r.socket.destroy();
  });
});

describe('a reader that keeps reading', () => {
  it('gets the whole answer, however long it runs (the request time-out covers receiving only)', async () => {
    const u = await newUser();
    // About 2 s of streaming, against HTTP_REQUEST_TIMEOUT_MS=1000.
    const res = await text(u, {
      prompt: '[[chunk-delay:120]] a slow but steady answer',
      stream: true,
    });
    expect(res.status).toBe(200);
    const raw = await res.text();
    expect(raw.trimEnd().endsWith('data: [DONE]')).toBe(true);
    expect(raw).not.toContain('"type":"error"');
  });
});

describe('concurrent streams per user', () => {
  it('a 4th stream of one user is refused with 429 while another user streams; a slot frees when a stream ends', async () => {
    const a = await newUser();
    const b = await newUser();
    const stops = [1, 2, 3].map(() => new AbortController());
    const pending = stops.map((stop, i) =>
      text(
        a,
        { prompt: `[[hang]] held stream ${i} 8180`, stream: true },
        { signal: stop.signal },
      ).catch((err: unknown) => err),
    );
    await until(() => [0, 1, 2].every((i) => requestWith(`held stream ${i} 8180`)));

    const fourth = await text(a, { prompt: 'a fourth stream', stream: true });
    expect(fourth.status).toBe(429);
    expect(((await fourth.json()) as { error: unknown }).error).toEqual({
      code: 'AI_STREAM_LIMIT_REACHED',
      message:
        'You already have 3 AI answers streaming. Wait for one to finish (or stop it), then try again.',
    });
    // Refused before the meter: only the three held streams are charged.
    expect((await planOf(a)).usage.generationsUsed).toBe(3);
    // A non-streamed call is not a stream; another user is not limited by this one.
    const plain = await text(a, { prompt: 'not a stream' });
    expect(plain.status).toBe(200);
    const other = await text(b, { prompt: 'another user streams', stream: true });
    expect(other.status).toBe(200);
    await other.text();

    // Stop one held stream: its slot comes back.
    stops[0]!.abort();
    await pending[0];
    await until(async () => {
      const res = await text(a, { prompt: 'after a stop', stream: true });
      await res.text();
      return res.status === 200;
    });
    for (const stop of stops) stop.abort();
    await Promise.all(pending);
  });
});
