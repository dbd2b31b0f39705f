// Malformed percent-encodings sent to every route that decodes user input: the
// imageUrls of /text and /image (own-storage URLs are decoded into storage keys), public and
// private file paths, the download path and the share token. Each answers a 4xx in the error
// envelope — never a 5xx — and nothing is charged.
import { expect, it } from 'vitest';
import { newSession } from './test/auth-helpers.ts';
import { useScriptedModelApp } from './test/scripted-model-app.ts';

const app = useScriptedModelApp({
  AI_IMAGE_MODEL: 'test-image',
  PUBLIC_URL: 'https://localhost',
});

const MALFORMED = ['%', '%zz', '%E0%A4%A', '%ff', '%C0%AF', '%ED%A0%80', 'a%2', '%%41'];

it('answers every malformed percent-encoding with a 4xx in the envelope, charging nothing', async () => {
  const { session } = await newSession(app.t.app);
  const userId = session.user.id;
  const auth = { authorization: `Bearer ${session.access_token}` };
  const own = (bad: string) => `/api/storage/codewright/public/uploads/${userId}/${bad}.png`;
  interface Call {
    method: string;
    url: string;
    headers: Record<string, string>;
    payload?: Record<string, unknown>;
  }
  const requests: Call[] = MALFORMED.flatMap((bad): Call[] => [
    ...['text', 'image'].flatMap((route) =>
      [`https://localhost${own(bad)}`, own(bad)].map((url) => ({
        method: 'POST',
        url: `/api/ai/codewright/${route}`,
        headers: auth,
        payload: { prompt: 'describe this', imageUrls: [url] },
      })),
    ),
    { method: 'GET', url: own(bad), headers: {} },
    { method: 'GET', url: `/api/storage/codewright/public/${bad}`, headers: {} },
    {
      method: 'GET',
      url: `/api/storage/codewright/download?path=uploads/${userId}/${bad}`,
      headers: auth,
    },
    { method: 'GET', url: `/api/share/codewright?t=${bad}`, headers: {} },
  ]);
  for (const request of requests) {
    const res = await app.t.app.inject({ ...request, method: request.method as 'GET' | 'POST' });
    const what = `${request.method} ${request.url} ${JSON.stringify(request.payload ?? '')}`;
    expect(res.statusCode, `${what} → ${res.body.slice(0, 200)}`).toBeGreaterThanOrEqual(400);
    expect(res.statusCode, `${what} → ${res.body.slice(0, 200)}`).toBeLessThan(500);
    const error = res.json().error as { code: string; message: string };
    expect(typeof error.code, what).toBe('string');
    expect(error.message.length, what).toBeGreaterThan(0);
  }
  const plan = await app.t.app.inject({ method: 'GET', url: '/api/plan', headers: auth });
  expect(plan.json().usage).toMatchObject({ generationsUsed: 0, editsUsed: 0 });
});
