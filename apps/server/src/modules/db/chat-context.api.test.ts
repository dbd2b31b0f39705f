import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/test-app.ts';
import { createProject, errorOf, newUser, rest } from './db-test-helpers.ts';

// A user message keeps the context it was sent with: kind, title, source (docs/decisions/033).
const t = useTestApp();

type Row = Record<string, unknown>;
const page = { kind: 'web', title: 'Paging guide', source: 'https://docs.example.com/paging' };
const doc = { kind: 'document', title: 'spec.pdf', source: 'spec.pdf' };

async function userWithProject() {
  const user = await newUser(t.app);
  const project = await createProject(t.app, user.token);
  return { user, projectId: project.id as string };
}

describe('chat_messages.context', () => {
  it('stores the chips of a user message and reads them back; messages without have null', async () => {
    const { user, projectId } = await userWithProject();
    const res = await rest(t.app, 'POST', 'chat_messages', {
      token: user.token,
      body: [
        { project_id: projectId, role: 'user', content: 'add paging', context: [page, doc] },
        { project_id: projectId, role: 'assistant', content: 'done', code_snapshot: 'x' },
      ],
    });
    expect(res.statusCode).toBe(201);
    const inserted = res.json<Row[]>();
    expect(inserted[0]!.context).toEqual([page, doc]);
    expect(inserted[1]!.context).toBeNull();

    const read = await rest(t.app, 'GET', 'chat_messages', {
      token: user.token,
      query: `project_id=eq.${projectId}&order=created_at.asc,id.asc&select=role,content,context`,
    });
    expect(read.statusCode).toBe(200);
    const rows = read.json<Row[]>();
    expect(rows.find((r) => r.role === 'user')).toEqual({
      role: 'user',
      content: 'add paging',
      context: [page, doc],
    });
    expect(rows.find((r) => r.role === 'assistant')!.context).toBeNull();

    // Only messages with context, or only those without.
    const without = await rest(t.app, 'GET', 'chat_messages', {
      token: user.token,
      query: `project_id=eq.${projectId}&context=is.null&select=role`,
    });
    expect(without.json<Row[]>()).toEqual([{ role: 'assistant' }]);
  });

  it('a message written the old way (no context field) still saves and loads', async () => {
    const { user, projectId } = await userWithProject();
    const res = await rest(t.app, 'POST', 'chat_messages', {
      token: user.token,
      body: { project_id: projectId, role: 'user', content: 'hello' },
    });
    expect(res.statusCode).toBe(201);
    const read = await rest(t.app, 'GET', 'chat_messages', {
      token: user.token,
      query: `project_id=eq.${projectId}`,
    });
    const [row] = read.json<Row[]>();
    expect(row).toMatchObject({ content: 'hello', context: null, code_snapshot: null });
  });

  it('refuses malformed context with a 400 that says what to fix', async () => {
    const { user, projectId } = await userWithProject();
    const post = (context: unknown) =>
      rest(t.app, 'POST', 'chat_messages', {
        token: user.token,
        body: { project_id: projectId, role: 'user', content: 'x', context },
      });

    const badKind = await post([{ ...page, kind: 'video' }]);
    expect(badKind.statusCode).toBe(400);
    expect(errorOf(badKind).message).toMatch(/context.*'web', 'document' or 'image'/);

    const tooMany = await post([page, page, page, page]);
    expect(tooMany.statusCode).toBe(400);
    expect(errorOf(tooMany).message).toMatch(/at most 3 context items/);

    // The text never travels with a message: a chip's text is refused, not stored.
    const withText = await post([{ ...page, text: 'the whole page' }]);
    expect(withText.statusCode).toBe(400);
    expect(errorOf(withText).message).toMatch(/text/);

    const longTitle = await post([{ ...page, title: 'x'.repeat(301) }]);
    expect(longTitle.statusCode).toBe(400);
    expect(errorOf(longTitle).message).toMatch(/at most 300 characters/);

    const notList = await post('https://example.com');
    expect(notList.statusCode).toBe(400);

    // Nothing was stored by the refused writes.
    const read = await rest(t.app, 'GET', 'chat_messages', {
      token: user.token,
      query: `project_id=eq.${projectId}`,
    });
    expect(read.json<Row[]>()).toEqual([]);
  });

  it('filters on context other than is.null are refused with a 400, never a 500', async () => {
    const { user } = await userWithProject();
    const res = await rest(t.app, 'GET', 'chat_messages', {
      token: user.token,
      query: 'context=eq.web',
    });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).message).toMatch(
      /context holds JSON and can only be filtered with is\.null/,
    );
  });

  it("another user's messages and their context stay invisible", async () => {
    const { user, projectId } = await userWithProject();
    await rest(t.app, 'POST', 'chat_messages', {
      token: user.token,
      body: { project_id: projectId, role: 'user', content: 'mine', context: [page] },
    });
    const other = await newUser(t.app);
    const res = await rest(t.app, 'GET', 'chat_messages', {
      token: other.token,
      query: `project_id=eq.${projectId}`,
    });
    expect(res.json<Row[]>()).toEqual([]);
  });
});
