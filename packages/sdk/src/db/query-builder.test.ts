import { describe, expect, it } from 'vitest';
import { createHttpClient } from '../http.ts';
import { CodewrightError } from '../errors.ts';
import { createDbClient } from './db-client.ts';
import { encodeListValue, newClientId } from './query-builder.ts';

interface Sent {
  method: string;
  url: URL;
  body: unknown;
}

/** A db client whose fetch records each request and answers with `reply`. */
function recordingClient(reply: { status?: number; body: unknown } = { body: [] }) {
  const sent: Sent[] = [];
  const fetch: typeof globalThis.fetch = async (input, init) => {
    sent.push({
      method: init?.method ?? 'GET',
      url: new URL(String(input)),
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    });
    return new Response(JSON.stringify(reply.body), {
      status: reply.status ?? 200,
      headers: { 'content-type': 'application/json' },
    });
  };
  const http = createHttpClient({
    baseUrl: 'http://api.test',
    fetch,
    getAccessToken: async () => 'tok',
  });
  return { db: createDbClient({ http, projectId: 'codewright' }), sent };
}

describe('client.db query builder', () => {
  it('encodes select, filters, order and range as the PostgREST subset, snake_case', async () => {
    const { db, sent } = recordingClient();
    await db
      .from('projects')
      .select('id, name,updatedAt')
      .eq('userId', 'usr_1')
      .neq('name', 'x')
      .gt('createdAt', '2026-01-01T00:00:00.000Z')
      .gte('name', 'a')
      .lt('name', 'z')
      .lte('name', 'y')
      .like('name', '%demo%')
      .ilike('name', 'DE*')
      .in('id', ['a', 'b,c', 'say "hi"'])
      .is('description', null)
      .order('updatedAt', { ascending: false, nullsFirst: true })
      .order('name')
      .range(10, 19);
    const { method, url } = sent[0]!;
    expect(method).toBe('GET');
    expect(url.pathname).toBe('/api/db/codewright/rest/v1/projects');
    const q = url.searchParams;
    expect(q.get('select')).toBe('id,name,updated_at');
    expect(q.get('user_id')).toBe('eq.usr_1');
    expect(q.getAll('name')).toEqual([
      'neq.x',
      'gte.a',
      'lt.z',
      'lte.y',
      'like.%demo%',
      'ilike.DE*',
    ]);
    expect(q.get('created_at')).toBe('gt.2026-01-01T00:00:00.000Z');
    expect(q.get('id')).toBe('in.(a,"b,c","say \\"hi\\"")');
    expect(q.get('description')).toBe('is.null');
    expect(q.get('order')).toBe('updated_at.desc.nullsfirst,name.asc');
    expect(q.get('offset')).toBe('10');
    expect(q.get('limit')).toBe('10');
  });

  it('answers rows camelCase', async () => {
    const { db } = recordingClient({
      body: [{ id: 'proj_1_abcdef', user_id: 'u', code_snapshot: null, updated_at: 't' }],
    });
    const rows = await db.from('projects').select('*').limit(1);
    expect(rows).toEqual([
      { id: 'proj_1_abcdef', userId: 'u', codeSnapshot: null, updatedAt: 't' },
    ]);
  });

  it('inserts snake_case rows and makes ids with the table prefix when missing', async () => {
    const { db, sent } = recordingClient({ status: 201, body: [] });
    await db.from('projects').insert({ name: 'A', language: 'Go', userId: 'u1' });
    await db.from('chat_messages').insert([
      { projectId: 'proj_1_abcdef', role: 'user', content: 'hi', codeSnapshot: null },
      { id: 'msg_5_keepme', projectId: 'proj_1_abcdef', role: 'assistant', content: 'ok' },
    ]);
    await db.from('cta_interactions').insert({ ctaName: 'start', page: '/' });
    expect(sent[0]!.method).toBe('POST');
    expect(sent[0]!.body).toMatchObject({ name: 'A', language: 'Go', user_id: 'u1' });
    expect((sent[0]!.body as { id: string }).id).toMatch(/^proj_\d{13}_[a-z0-9]{10}$/);
    const [first, second] = sent[1]!.body as {
      id: string;
      project_id: string;
      code_snapshot?: null;
    }[];
    expect(first!.id).toMatch(/^msg_\d+_[a-z0-9]{10}$/);
    expect(first).toMatchObject({ project_id: 'proj_1_abcdef', code_snapshot: null });
    expect(second!.id).toBe('msg_5_keepme');
    expect((sent[2]!.body as { id: string; cta_name: string }).id).toMatch(/^cta_\d+_/);
  });

  it('sends update as PATCH and delete as DELETE with their filters', async () => {
    const { db, sent } = recordingClient();
    await db.from('projects').update({ name: 'B', updatedAt: 'now' }).eq('id', 'proj_1_abcdef');
    await db.from('projects').delete().eq('id', 'proj_1_abcdef');
    expect(sent[0]).toMatchObject({ method: 'PATCH', body: { name: 'B', updated_at: 'now' } });
    expect(sent[0]!.url.searchParams.get('id')).toBe('eq.proj_1_abcdef');
    expect(sent[1]!.method).toBe('DELETE');
    expect(sent[1]!.body).toBeUndefined();
    expect(sent[1]!.url.search).toBe('?id=eq.proj_1_abcdef');
  });

  it('keeps catalogue codes of refusals, e.g. PROJECT_LIMIT_REACHED', async () => {
    const { db } = recordingClient({
      status: 402,
      body: { error: { code: 'PROJECT_LIMIT_REACHED', message: 'limit' } },
    });
    const err = await db
      .from('projects')
      .insert({ name: 'x' })
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(err).toBeInstanceOf(CodewrightError);
    expect(err).toMatchObject({ code: 'PROJECT_LIMIT_REACHED', status: 402, message: 'limit' });
  });

  it('passes an AbortSignal through', async () => {
    const controller = new AbortController();
    controller.abort(new DOMException('stop', 'AbortError'));
    const fetchSeen: AbortSignal[] = [];
    const http = createHttpClient({
      fetch: async (_input, init) => {
        fetchSeen.push(init!.signal!);
        throw init!.signal!.reason;
      },
    });
    await expect(
      createDbClient({ http, projectId: 'codewright' })
        .from('projects')
        .abortSignal(controller.signal),
    ).rejects.toMatchObject({ name: 'AbortError' });
    expect(fetchSeen[0]).toBe(controller.signal);
  });

  it('refuses an unknown table before sending', () => {
    const { db, sent } = recordingClient();
    expect(() => db.from('users' as 'projects')).toThrow(/Unknown table "users"/);
    expect(sent).toHaveLength(0);
  });
});

describe('helpers', () => {
  it('quotes list values only when needed', () => {
    expect(encodeListValue('plain')).toBe('plain');
    expect(encodeListValue(3)).toBe('3');
    expect(encodeListValue('a,b')).toBe('"a,b"');
    expect(encodeListValue(' edge')).toBe('" edge"');
    expect(encodeListValue('back\\slash')).toBe('"back\\\\slash"');
    expect(encodeListValue('')).toBe('""');
  });

  it('makes ids the server accepts', () => {
    expect(newClientId('proj', 1700000000000)).toMatch(/^proj_1700000000000_[a-z0-9]{10}$/);
  });
});
