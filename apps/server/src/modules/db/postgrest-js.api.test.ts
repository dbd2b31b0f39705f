/**
 * postgrest-js itself (the client supabase-js is built on) against the db REST routes on a real
 * port (issue 48, docs/api.md § Database "PostgREST clients"): the everyday calls a developer
 * makes work as they do against PostgREST, with the ownership rules unchanged. Runs on both
 * databases (modules/db is SQL-dependent in vitest.config.ts).
 */
import { PostgrestClient } from '@supabase/postgrest-js';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/test-app.ts';
import { newUser, proUser } from './db-test-helpers.ts';

const t = useTestApp({}, { listen: true });

function clientOf(token: string) {
  return new PostgrestClient(`${t.baseUrl}/api/db/codewright/rest/v1`, {
    headers: { Authorization: `Bearer ${token}` },
  });
}

describe('postgrest-js against the db REST routes', () => {
  let db: ReturnType<typeof clientOf>;
  let other: ReturnType<typeof clientOf>;
  let ids: Record<string, string>;

  beforeAll(async () => {
    db = clientOf((await proUser(t.app)).token);
    other = clientOf((await newUser(t.app)).token);
    const made = await db
      .from('projects')
      .insert([
        { name: 'Alpha', language: 'JavaScript', code: 'a', description: 'first' },
        { name: 'Beta', language: 'Python', code: 'b' },
        { name: 'Gamma', language: 'Go', code: 'c' },
      ])
      .select('id,name');
    expect(made.error).toBeNull();
    expect(made.status).toBe(201);
    ids = Object.fromEntries(
      (made.data as { id: string; name: string }[]).map((r) => [r.name, r.id]),
    );
    const theirs = await other
      .from('projects')
      .insert({ name: 'Theirs', language: 'Rust', code: 'r' })
      .select('id');
    expect(theirs.error).toBeNull();
  });

  const names = (data: unknown) => (data as { name: string }[]).map((r) => r.name);

  it('selects columns, filters with every operator, orders, limits and ranges', async () => {
    const cols = await db.from('projects').select('id,name').order('name');
    expect(cols.error).toBeNull();
    expect(cols.data).toEqual([
      { id: ids.Alpha, name: 'Alpha' },
      { id: ids.Beta, name: 'Beta' },
      { id: ids.Gamma, name: 'Gamma' },
    ]);
    const q = () => db.from('projects').select('name').order('name');
    const cases: Array<[PromiseLike<{ data: unknown; error: unknown }>, string[]]> = [
      [q().eq('name', 'Alpha'), ['Alpha']],
      [q().neq('name', 'Alpha'), ['Beta', 'Gamma']],
      [q().gt('name', 'Alpha'), ['Beta', 'Gamma']],
      [q().gte('name', 'Beta'), ['Beta', 'Gamma']],
      [q().lt('name', 'Gamma'), ['Alpha', 'Beta']],
      [q().lte('name', 'Beta'), ['Alpha', 'Beta']],
      [q().like('name', '%mm%'), ['Gamma']],
      [q().ilike('name', 'a%'), ['Alpha']],
      [q().in('name', ['Alpha', 'Beta']), ['Alpha', 'Beta']],
      [q().is('description', null), ['Beta', 'Gamma']],
      [q().not('description', 'is', null), ['Alpha']],
      [q().not('name', 'eq', 'Alpha'), ['Beta', 'Gamma']],
      [db.from('projects').select('name').order('name', { ascending: false }).limit(1), ['Gamma']],
      [q().range(1, 2), ['Beta', 'Gamma']],
      [q().or('name.eq.Alpha,name.eq.Gamma'), ['Alpha', 'Gamma']],
      [q().or('name.eq.Alpha,and(language.eq.Go,name.like.*mm*)'), ['Alpha', 'Gamma']],
      [q().or('language.eq.Python,name.in.(Alpha,Gamma)').neq('name', 'Gamma'), ['Alpha', 'Beta']],
    ];
    for (const [call, expected] of cases) {
      const { data, error } = await call;
      expect(error).toBeNull();
      expect(names(data)).toEqual(expected);
    }
  });

  it('single() gives the row itself and refuses another number of rows; maybeSingle() gives null for none', async () => {
    const one = await db.from('projects').select('name,language').eq('name', 'Alpha').single();
    expect(one.error).toBeNull();
    expect(one.data).toEqual({ name: 'Alpha', language: 'JavaScript' });

    const many = await db.from('projects').select('name').single();
    expect(many.status).toBe(406);
    expect(many.data).toBeNull();
    expect(many.error).toMatchObject({ code: 'PGRST116' });
    expect(many.error?.message).toMatch(/the result has 3/);

    const none = await db.from('projects').select('name').eq('name', 'Nope').maybeSingle();
    expect(none.error).toBeNull();
    expect(none.data).toBeNull();
    const found = await db.from('projects').select('name').eq('name', 'Beta').maybeSingle();
    expect(found.data).toEqual({ name: 'Beta' });
  });

  it("counts exactly, with the rows or with only the count (head), of the caller's rows", async () => {
    const withRows = await db
      .from('projects')
      .select('name', { count: 'exact' })
      .order('name')
      .range(0, 0);
    expect(withRows.error).toBeNull();
    expect(withRows.count).toBe(3);
    expect(names(withRows.data)).toEqual(['Alpha']);

    const head = await db
      .from('projects')
      .select('*', { count: 'exact', head: true })
      .neq('name', 'Alpha');
    expect(head.error).toBeNull();
    expect(head.count).toBe(2);
    expect(head.data).toBeNull();

    const theirs = await other.from('projects').select('*', { count: 'exact', head: true });
    expect(theirs.count).toBe(1);
  });

  it('updates and deletes with filters, returning the rows or nothing (return=minimal)', async () => {
    const made = await db
      .from('projects')
      .insert({ name: 'Scratch', language: 'Java', code: 's' })
      .select('id')
      .single();
    expect(made.error).toBeNull();
    const id = (made.data as { id: string }).id;

    const updated = await db
      .from('projects')
      .update({ name: 'Scratch 2' })
      .eq('id', id)
      .select('name');
    expect(updated.error).toBeNull();
    expect(updated.data).toEqual([{ name: 'Scratch 2' }]);

    const quiet = await db
      .from('projects')
      .insert({ name: 'Quiet', language: 'Java', code: 'q' })
      .select('id');
    const quietId = (quiet.data as { id: string }[])[0]!.id;
    const minimal = await db
      .from('projects')
      .update({ name: 'Quiet 2' })
      .eq('id', quietId)
      .setHeader('Prefer', 'return=minimal');
    expect(minimal.error).toBeNull();
    expect(minimal.status).toBe(204);
    expect(minimal.data).toBeNull();

    const deleted = await db.from('projects').delete().in('id', [id, quietId]).select('name');
    expect(deleted.error).toBeNull();
    expect(names(deleted.data).sort()).toEqual(['Quiet 2', 'Scratch 2']);
    const gone = await db.from('projects').select('id').in('id', [id, quietId]);
    expect(gone.data).toEqual([]);
  });

  it('single() on a write of another number of rows than one is 406, with nothing written', async () => {
    const two = await db
      .from('projects')
      .update({ description: 'both' })
      .in('name', ['Alpha', 'Beta'])
      .select('name')
      .single();
    expect(two.status).toBe(406);
    expect(two.error).toMatchObject({ code: 'PGRST116' });
    const unchanged = await db.from('projects').select('name').eq('description', 'both');
    expect(unchanged.data).toEqual([]);

    const pair = await db
      .from('projects')
      .insert([
        { name: 'One', language: 'Go', code: '1' },
        { name: 'Two', language: 'Go', code: '2' },
      ])
      .select()
      .single();
    expect(pair.status).toBe(406);
    const none = await db.from('projects').select('name').in('name', ['One', 'Two']);
    expect(none.data).toEqual([]);
  });

  it("upserts: a row of the caller's with its id is updated, a new id inserted, another user's refused, several rows all or nothing", async () => {
    const changed = await db
      .from('projects')
      .upsert({ id: ids.Gamma, name: 'Gamma', language: 'Rust', code: 'c2' })
      .select('id,language,code');
    expect(changed.error).toBeNull();
    expect(changed.data).toEqual([{ id: ids.Gamma, language: 'Rust', code: 'c2' }]);

    const fresh = `proj_${Date.now()}_upsertednew1`;
    const added = await db
      .from('projects')
      .upsert({ id: fresh, name: 'Upserted', language: 'Go', code: 'u' })
      .select('id,name')
      .single();
    expect(added.error).toBeNull();
    expect(added.data).toEqual({ id: fresh, name: 'Upserted' });
    await db.from('projects').delete().eq('id', fresh);

    const theirs = await other.from('projects').select('id').single();
    const stolen = await db
      .from('projects')
      .upsert({ id: (theirs.data as { id: string }).id, name: 'Mine', language: 'Go', code: 'm' });
    expect(stolen.status).toBe(409);
    expect((await other.from('projects').select('name').single()).data).toEqual({ name: 'Theirs' });

    // Several rows in one call: each as above, all or nothing.
    const second = `proj_${Date.now()}_upsertednew2`;
    const many = await db
      .from('projects')
      .upsert([
        { id: ids.Alpha, name: 'Alpha', language: 'Go', code: 'a2' },
        { id: second, name: 'Second', language: 'Go', code: 's' },
      ])
      .select('id,code');
    expect(many.error).toBeNull();
    expect(many.data).toEqual([
      { id: ids.Alpha, code: 'a2' },
      { id: second, code: 's' },
    ]);
    const mixed = await db.from('projects').upsert([
      { id: ids.Beta, name: 'Beta', language: 'Go', code: 'changed' },
      { id: (theirs.data as { id: string }).id, name: 'Mine', language: 'Go', code: 'm' },
    ]);
    expect(mixed.status).toBe(409);
    const beta = await db.from('projects').select('code').eq('id', ids.Beta).single();
    expect(beta.data).not.toEqual({ code: 'changed' });
    await db.from('projects').delete().eq('id', second);
    // An insert of several rows (postgrest-js names their columns in ?columns=) works as well.
    const inserted = await db
      .from('projects')
      .insert([
        { name: 'Many 1', language: 'Go', code: '1' },
        { name: 'Many 2', language: 'Go', code: '2' },
      ])
      .select('name');
    expect(inserted.error).toBeNull();
    expect(inserted.data).toEqual([{ name: 'Many 1' }, { name: 'Many 2' }]);
    await db.from('projects').delete().like('name', 'Many %');
    const onName = await db
      .from('projects')
      .upsert({ name: 'Alpha', language: 'Go', code: 'a' }, { onConflict: 'name' });
    expect(onName.status).toBe(400);
    expect(onName.error?.message).toMatch(/on_conflict may only be id/);
  });

  it("never reaches another user's rows: not read, not changed, not deleted", async () => {
    const seen = await db.from('projects').select('name').eq('name', 'Theirs');
    expect(seen.data).toEqual([]);
    // An or-filter stays inside the caller's rows (it is one parenthesised condition).
    const either = await db.from('projects').select('name').or('name.eq.Theirs,name.eq.Alpha');
    expect(either.data).toEqual([{ name: 'Alpha' }]);
    const wide = await db
      .from('projects')
      .update({ description: 'x' })
      .or('id.neq.none,name.eq.Theirs')
      .select('name');
    expect(names(wide.data).sort()).toEqual(['Alpha', 'Beta', 'Gamma']);
    const changed = await db
      .from('projects')
      .update({ name: 'Mine now' })
      .eq('name', 'Theirs')
      .select();
    expect(changed.error).toBeNull();
    expect(changed.data).toEqual([]);
    const deleted = await db.from('projects').delete().eq('name', 'Theirs').select();
    expect(deleted.data).toEqual([]);
    const still = await other.from('projects').select('name').single();
    expect(still.data).toEqual({ name: 'Theirs' });
  });

  it('surfaces errors with their message and code, as PostgREST clients read them', async () => {
    const unknown = await db.from('projects').select('nope');
    expect(unknown.status).toBe(400);
    expect(unknown.error).toMatchObject({ code: 'VALIDATION_ERROR', details: null, hint: null });
    expect(unknown.error?.message).toMatch(/Unknown column "nope"/);

    const wholeTable = await db.from('projects').delete();
    expect(wholeTable.status).toBe(400);
    expect(wholeTable.error?.message).toMatch(/filter/);

    const bad = await db.from('projects').insert({ name: '', language: 'COBOL', code: 'x' });
    expect(bad.status).toBe(400);
    expect(bad.error?.message).toMatch(/name|language/);
  });
});
