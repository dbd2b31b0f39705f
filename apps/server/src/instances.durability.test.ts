// Two built servers on one PostgreSQL behind a round-robin load balancer (issue 50): a Free
// user's quota is exact over both, sign-in failures lock out on both, a realtime message crosses
// from one to the other, and killing one during 50 streams leaves the other serving with every
// acknowledged write kept. `npm test` builds the server first (the durability suite).
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLAN_LIMITS } from '@codewright/contract';
import { stopChild } from './test/built-server.ts';
import { startInstances, type Instances } from './test/instances.ts';
import { subscribedSocket } from './modules/realtime/realtime-test-helpers.ts';

let n: Instances;
beforeAll(async () => {
  n = await startInstances(2, {
    SIGNIN_FAILURE_LIMIT: '4',
    // 50 streams of one user at once (the per-user cap is not what is tested here).
    AI_STREAMS_PER_USER: '100',
  });
}, 120_000);
afterAll(async () => n?.close());

/**
 * One JSON request on a connection of its own (no keep-alive), so the load balancer hands each
 * to the next instance; the status and the whole body as text.
 */
function fresh(
  base: string,
  method: string,
  path: string,
  body?: unknown,
  token?: string,
): Promise<{ status: number; text: string }> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${base}${path}`,
      {
        method,
        agent: false,
        headers: {
          ...(payload ? { 'content-type': 'application/json' } : {}),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
        res.on('error', reject);
        res.on('aborted', () => reject(new Error('the answer was cut off')));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

let users = 0;
async function newUser(plan?: 'pro') {
  const email = `instances-${Date.now()}-${users++}@example.com`;
  const password = 'instances-test-password';
  await n.http.signUp(email, password);
  const token = await n.http.signIn(email, password);
  if (plan)
    expect((await n.http.call('POST', '/api/plan/upgrade', { plan }, token)).status).toBe(200);
  return { email, password, token };
}

describe('two instances behind a load balancer', () => {
  it("20 parallel generations of a Free user over both: exactly the plan's 10 are served", async () => {
    const { token } = await newUser();
    const before = [...n.proxy.served];
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        fresh(n.url, 'POST', '/api/ai/codewright/text', { prompt: `quota ${i}` }, token),
      ),
    );
    // Both instances took some of them.
    expect(n.proxy.served.map((count, i) => count - before[i]!).every((d) => d > 0)).toBe(true);
    const served = answers.filter((a) => a.status === 200).length;
    expect(served).toBe(PLAN_LIMITS.free.generationsPerMonth);
    for (const refused of answers.filter((a) => a.status !== 200)) {
      expect(JSON.parse(refused.text)).toMatchObject({
        error: { code: 'GENERATION_LIMIT_REACHED' },
      });
    }
    const plan = await n.http.call('GET', '/api/plan', undefined, token);
    expect(plan.body).toMatchObject({ usage: { generationsUsed: 10 } });
  });

  it('sign-in failures count over both: once locked, neither instance lets the password in', async () => {
    const user = await newUser();
    const wrong = { email: user.email, password: 'not-the-password' };
    for (let i = 0; i < 4; i++) {
      expect((await fresh(n.url, 'POST', '/api/auth/signin/email', wrong)).status).toBe(401);
    }
    const right = { email: user.email, password: user.password };
    for (const instance of n.instances) {
      const res = await fresh(instance.url, 'POST', '/api/auth/signin/email', right);
      expect(res.status).toBe(429);
    }
  });

  it('a realtime message published on one instance reaches a client of the other', async () => {
    const { token } = await newUser();
    const [first, second] = n.instances;
    const made = await first!.http.createProject(token, {
      name: 'realtime across',
      language: 'JavaScript',
      code: '// hi\n',
    });
    expect(made.status).toBe(201);
    const channel = `project:${(made.body as { id: string }[])[0]!.id}`;
    const socketUrl = `${second!.url.replace('http', 'ws')}/api/realtime/codewright/ws`;
    const socket = await subscribedSocket(socketUrl, token, channel);
    const sent = await first!.http.call(
      'POST',
      '/api/realtime/codewright/publish',
      { channel, event: 'cursor', payload: { line: 7 } },
      token,
    );
    expect(sent.status).toBe(201);
    const got = await socket.next((f) => f.type === 'message', 5000);
    expect(got).toMatchObject({ message: { channel, event: 'cursor', payload: { line: 7 } } });
    socket.close();
  });

  // Last: it leaves one instance standing.
  it('one of two killed during 50 streams: the other finishes its streams and keeps serving; every acknowledged write is there', async () => {
    const { token } = await newUser('pro');
    const marker = 'kill one of two';
    const before = [...n.proxy.served];
    const streams = Array.from({ length: 50 }, (_, i) =>
      fresh(
        n.url,
        'POST',
        '/api/ai/codewright/text',
        { prompt: `[[hold:${marker}]] stream ${i}`, stream: true },
        token,
      ).then(
        (answer) => ({ done: answer.status === 200 && answer.text.includes('data: [DONE]') }),
        () => ({ done: false }),
      ),
    );
    // Every stream is under way: the model has all 50, each holding after half its answer.
    await expect
      .poll(() => n.model.requests.filter((r) => JSON.stringify(r.body).includes(marker)).length, {
        timeout: 30_000,
      })
      .toBe(50);
    const onSecond = n.proxy.served[1]! - before[1]!;

    // Writers save projects through the load balancer until after the kill.
    const acked = new Set<string>();
    let writing = true;
    let sequence = 0;
    const writer = async () => {
      while (writing) {
        const id = `proj_${Date.now()}_${(sequence++).toString(36).padStart(6, '0')}`;
        const saved = await fresh(
          n.url,
          'POST',
          '/api/db/codewright/rest/v1/projects',
          { id, name: id, language: 'JavaScript', code: `// ${id}\n` },
          token,
        ).catch(() => undefined);
        if (saved?.status === 201) acked.add(id);
      }
    };
    const writers = Array.from({ length: 6 }, writer);
    await new Promise((r) => setTimeout(r, 300));
    const [first, second] = n.instances;
    await stopChild(first!.child, 'SIGKILL');
    await fetch(`${n.model.url.replace(/\/v1$/, '')}/__release/${encodeURIComponent(marker)}`, {
      method: 'POST',
    });
    const results = await Promise.all(streams);
    await new Promise((r) => setTimeout(r, 300));
    writing = false;
    await Promise.all(writers);

    // The streams the second instance held all finished; the first's were cut with it.
    expect(results.filter((r) => r.done).length).toBe(onSecond);
    expect(onSecond).toBeGreaterThan(0);
    expect(onSecond).toBeLessThan(50);
    // The load balancer sends everything to the one left, and it serves.
    for (let i = 0; i < 6; i++) {
      expect((await fresh(n.url, 'GET', '/api/plan', undefined, token)).status).toBe(200);
    }
    const present = new Set(await second!.http.projectColumn(token, 'id'));
    expect(acked.size).toBeGreaterThan(10);
    expect([...acked].filter((id) => !present.has(id))).toEqual([]);
  }, 90_000);
});
