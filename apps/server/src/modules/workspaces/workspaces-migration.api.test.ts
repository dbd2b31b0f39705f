// drizzle/0005_workspaces.sql on a database made before workspaces existed: every project
// moves into its creator's personal workspace with nothing lost (docs/decisions/025).
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/query.ts';
import { useDatabaseBefore } from '../../test/migration-db.ts';

const database = useDatabaseBefore('0005_workspaces');

describe('migration 0005_workspaces', () => {
  it('moves every existing project into its owner’s personal workspace, losing nothing', async () => {
    const old = await database.before();
    await old.db.execute(sql`insert into users (id, email, display_name) values
      ('usr_free', 'free@example.com', 'Fran'), ('usr_pro', 'pro@example.com', null), ('usr_none', 'none@example.com', null)`);
    await old.db.execute(
      sql`insert into user_plans (user_id, plan) values ('usr_free', 'free'), ('usr_pro', 'pro')`,
    );
    await old.db
      .execute(sql`insert into projects (id, user_id, name, language, code, description, created_at, updated_at) values
      ('proj_1_aaaaaa', 'usr_free', 'Free one', 'JavaScript', 'let a = 1;', 'desc', '2026-01-01T00:00:00Z', '2026-01-02T00:00:00Z'),
      ('proj_2_bbbbbb', 'usr_pro', 'Pro one', 'Python', 'print(1)', null, '2026-02-01T00:00:00Z', '2026-02-03T00:00:00Z'),
      ('proj_3_cccccc', 'usr_none', 'No plan row', 'HTML', '<p>', null, '2026-03-01T00:00:00Z', '2026-03-01T00:00:00Z')`);
    await old.db
      .execute(sql`insert into chat_messages (id, project_id, user_id, role, content) values
      ('msg_1_aaaaaa', 'proj_1_aaaaaa', 'usr_free', 'user', 'hello')`);
    const before = rowsOf<Record<string, unknown>>(
      await old.db.execute(
        sql`select id, user_id, name, language, code, description, created_at, updated_at from projects order by id`,
      ),
    );
    await old.close();

    const handle = await database.after();
    const after = rowsOf<Record<string, unknown>>(
      await handle.db.execute(
        sql`select id, user_id, name, language, code, description, created_at, updated_at, workspace_id, visibility, share_token, updated_by from projects order by id`,
      ),
    );
    expect(
      after.map(
        ({ workspace_id: _w, visibility: _v, share_token: _s, updated_by: _u, ...rest }) => rest,
      ),
    ).toEqual(before);
    // Each project is in its creator's personal workspace, whose id is its own (random).
    const personal = new Map(
      rowsOf<{ id: string; owner_id: string }>(
        await handle.db.execute(sql`select id, owner_id from workspaces where personal`),
      ).map((w) => [w.owner_id, w.id]),
    );
    for (const id of personal.values()) expect(id).toMatch(/^ws_[0-9a-f]{32}$/);
    expect(after.map((p) => [p.id, p.workspace_id, p.visibility, p.updated_by])).toEqual([
      ['proj_1_aaaaaa', personal.get('usr_free'), 'public', 'usr_free'],
      ['proj_2_bbbbbb', personal.get('usr_pro'), 'private', 'usr_pro'],
      ['proj_3_cccccc', personal.get('usr_none'), 'public', 'usr_none'],
    ]);
    const tokens = after.map((p) => p.share_token as string);
    expect(new Set(tokens).size).toBe(3);
    for (const token of tokens) expect(token).toMatch(/^[0-9a-f]{64}$/);

    const workspaces = rowsOf<Record<string, unknown>>(
      await handle.db.execute(
        sql`select w.id, w.name, w.owner_id, w.personal, m.user_id, m.role from workspaces w join workspace_members m on m.workspace_id = w.id order by w.owner_id`,
      ),
    );
    expect(workspaces).toEqual([
      {
        id: personal.get('usr_free'),
        name: "Fran's workspace",
        owner_id: 'usr_free',
        personal: true,
        user_id: 'usr_free',
        role: 'owner',
      },
      {
        id: personal.get('usr_none'),
        name: "none's workspace",
        owner_id: 'usr_none',
        personal: true,
        user_id: 'usr_none',
        role: 'owner',
      },
      {
        id: personal.get('usr_pro'),
        name: "pro's workspace",
        owner_id: 'usr_pro',
        personal: true,
        user_id: 'usr_pro',
        role: 'owner',
      },
    ]);
    const chat = rowsOf<{ n: number }>(
      await handle.db.execute(sql`select count(*)::int as n from chat_messages`),
    );
    expect(chat[0]!.n).toBe(1);

    // An account made after the migration gets its personal workspace from the trigger.
    await handle.db.execute(
      sql`insert into users (id, email) values ('usr_new', 'new@example.com')`,
    );
    const made = rowsOf<{ id: string }>(
      await handle.db.execute(
        sql`select w.id from workspaces w join workspace_members m on m.workspace_id = w.id and m.role = 'owner' where w.owner_id = 'usr_new' and w.personal`,
      ),
    );
    expect(made).toHaveLength(1);
    expect(made[0]!.id).toMatch(/^ws_[0-9a-f]{32}$/);
    expect(made[0]!.id).not.toContain('usr_new');
  });
});
