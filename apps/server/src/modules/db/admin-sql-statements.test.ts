import { describe, expect, it } from 'vitest';
import { refusalOf, splitStatements } from './admin-sql-statements.ts';

describe('splitStatements', () => {
  it('splits on top-level semicolons only', () => {
    const sql = `select 'a;b', "x;y", $$c;d$$, $t$e;f$t$, E'g\\';h' /* i; /* j; */ k; */ ; -- l;
      select 2;;`;
    expect(splitStatements(sql).map((s) => s.text)).toEqual([
      `select 'a;b', "x;y", $$c;d$$, $t$e;f$t$, E'g\\';h' /* i; /* j; */ k; */`,
      '-- l;\n      select 2',
    ]);
  });

  it('keeps parameters and dollar signs in names apart from dollar quotes', () => {
    expect(splitStatements('select $1, a$b$ from t; select 1').map((s) => s.shape)).toEqual([
      'select $1, a$b$ from t',
      'select 1',
    ]);
  });
});

describe('refusalOf', () => {
  const refused = (sql: string) => splitStatements(sql).map((s) => refusalOf(s) !== undefined);

  it('refuses transaction control, role and database settings, RESET and time-outs', () => {
    for (const sql of [
      'BEGIN',
      'start transaction',
      '/* c */ COMMIT',
      'end',
      'rollback',
      'prepare transaction $$x$$',
      'alter role current_user set statement_timeout = 0',
      'ALTER USER me PASSWORD $$x$$',
      'alter database d set lock_timeout = 0',
      'alter system set x = 1',
      'set role other',
      'set session authorization other',
      'reset all',
      'set local statement_timeout = 0',
      'set idle_in_transaction_session_timeout to 0',
      "select set_config('lock_timeout', '0', false)",
    ])
      expect(refused(sql), sql).toEqual([true]);
  });

  it('lets ordinary statements, savepoints and data that mentions these words through', () => {
    for (const sql of [
      'select 1',
      'savepoint a',
      'rollback to savepoint a',
      "insert into t values ('commit; alter role x')",
      'set search_path = public',
      "select set_config('app.x', 'y', true)",
      'update t set statement_timeout_note = 1',
    ])
      expect(refused(sql), sql).toEqual([false]);
  });
});
