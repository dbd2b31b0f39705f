// drizzle/0010_project_files.sql on a database of one-file projects: each becomes a one-file
// tree whose main file is its code, and from then on the two stay equal both ways (issue 45).
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/query.ts';
import { useDatabaseBefore } from '../../test/migration-db.ts';

const database = useDatabaseBefore('0010_project_files');

describe('migration 0010_project_files', () => {
  it('makes every project a one-file tree of its code; the main file and the code stay one', async () => {
    const old = await database.before();
    await old.db.execute(sql`insert into users (id, email) values ('usr_a', 'a@example.com')`);
    await old.db
      .execute(sql`insert into projects (id, user_id, name, language, code, workspace_id, created_at, updated_at)
      select v.id, 'usr_a', v.name, v.language, v.code, w.id, '2026-01-01T00:00:00Z', '2026-01-02T00:00:00Z'
      from (values ('proj_1_aaaaaa', 'Py', 'Python', 'print(1)'), ('proj_2_bbbbbb', 'Web', 'HTML', '<p>hi</p>'),
        ('proj_3_cccccc', 'Empty', 'C#', '')) as v(id, name, language, code)
      cross join workspaces w where w.owner_id = 'usr_a'`);
    await old.close();

    const { db } = await database.after();
    const files = async () =>
      rowsOf<Record<string, unknown>>(
        await db.execute(sql`select project_id, user_id, path, content, is_main,
          to_char(updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as updated_at
          from project_files order by project_id`),
      );
    expect(await files()).toEqual([
      row('proj_1_aaaaaa', 'main.py', 'print(1)'),
      row('proj_2_bbbbbb', 'main.txt', '<p>hi</p>'),
      row('proj_3_cccccc', 'main.cs', ''),
    ]);
    const ids = rowsOf<{ id: string }>(await db.execute(sql`select id from project_files`));
    for (const { id } of ids) expect(id).toMatch(/^file_\d{1,16}_[0-9a-f]{16}$/);

    // Either side changes the other, in the same statement's transaction.
    await db.execute(sql`update projects set code = 'print(2)' where id = 'proj_1_aaaaaa'`);
    await db.execute(
      sql`update project_files set content = 'Console.WriteLine(3);' where project_id = 'proj_3_cccccc'`,
    );
    const codes = rowsOf<{ id: string; code: string }>(
      await db.execute(sql`select id, code from projects order by id`),
    );
    expect(codes.map((p) => p.code)).toEqual(['print(2)', '<p>hi</p>', 'Console.WriteLine(3);']);
    expect((await files()).map((f) => f.content)).toEqual([
      'print(2)',
      '<p>hi</p>',
      'Console.WriteLine(3);',
    ]);
    // A new project comes with its main file.
    await db.execute(sql`insert into projects (id, user_id, name, language, code, workspace_id)
      select 'proj_4_dddddd', 'usr_a', 'New', 'TypeScript', 'let x = 1;', id from workspaces where owner_id = 'usr_a'`);
    expect((await files()).at(-1)).toMatchObject({ path: 'main.ts', content: 'let x = 1;' });
  });
});

const row = (projectId: string, path: string, content: string) => ({
  project_id: projectId,
  user_id: 'usr_a',
  path,
  content,
  is_main: true,
  updated_at: '2026-01-02T00:00:00Z',
});
