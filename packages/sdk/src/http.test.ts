import { describe, expect, it } from 'vitest';
import { createHttpClient, joinUrl } from './http.ts';

function recorder(response: () => Response = () => new Response('{"ok":true}', { status: 200 })) {
  const seen: { url: string; init: RequestInit }[] = [];
  const fetch = async (input: RequestInfo | URL, init: RequestInit = {}) => {
    seen.push({ url: String(input), init });
    return response();
  };
  return { seen, fetch: fetch as typeof globalThis.fetch };
}

describe('request helper', () => {
  it.each([
    ['', '/api/auth/me', '/api/auth/me'],
    ['https://api.example.com', '/api/auth/me', 'https://api.example.com/api/auth/me'],
    ['https://api.example.com/', 'api/auth/me', 'https://api.example.com/api/auth/me'],
    ['https://x.test/base//', '/api', 'https://x.test/base/api'],
  ])('joins %j and %j', (base, path, expected) => {
    expect(joinUrl(base, path)).toBe(expected);
  });

  it('sends JSON with the Bearer from the auth module and reads JSON back', async () => {
    const { seen, fetch } = recorder();
    const http = createHttpClient({
      baseUrl: 'https://api.test',
      fetch,
      getAccessToken: async () => 'tok',
    });
    const result = await http({
      method: 'POST',
      path: '/api/x',
      body: { a: 1 },
      query: { q: 'a b', skip: undefined },
    });
    expect(result).toEqual({ ok: true });
    const call = seen[0]!;
    expect(call.url).toBe('https://api.test/api/x?q=a+b');
    const headers = new Headers(call.init.headers);
    expect(headers.get('Authorization')).toBe('Bearer tok');
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(call.init.body).toBe('{"a":1}');
  });

  it('sends no Authorization when auth is false or no token exists, and passes the signal', async () => {
    const { seen, fetch } = recorder(() => new Response(null, { status: 204 }));
    const http = createHttpClient({ fetch, getAccessToken: async () => null });
    const signal = new AbortController().signal;
    expect(await http({ path: '/a', signal })).toBeUndefined();
    await http({ path: '/b', auth: false });
    expect(seen.map((s) => new Headers(s.init.headers).has('Authorization'))).toEqual([
      false,
      false,
    ]);
    expect(seen[0]!.init.signal).toBe(signal);
  });
});
