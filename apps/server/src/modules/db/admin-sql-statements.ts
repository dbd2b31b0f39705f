/**
 * Splits admin SQL into statements and refuses the ones that would escape its limits
 * (DESIGN §3.17): transaction control (the server runs each request in a transaction of
 * its own, with SET LOCAL time-outs), role and database settings, and changes to the
 * time-outs. This is the clear-message layer only: admin-sql.ts also refuses a
 * transaction that wrote the role catalogs however it did so (a DO block, a function),
 * and cancels a request that outlives the time-out whatever settings it changed.
 */

/** One statement as written, and a form for matching: lower case, comments and literals blanked. */
export interface SplitStatement {
  text: string;
  shape: string;
  /** Like `shape`, but string literals keep their (lower-cased) contents. */
  withStrings: string;
}

const IDENT = /[A-Za-z0-9_$]/;

/** Splits on top-level `;` with PostgreSQL's lexical rules for comments, strings, dollar quotes and quoted names. */
export function splitStatements(sql: string): SplitStatement[] {
  const out: SplitStatement[] = [];
  let text = '';
  let shape = '';
  let withStrings = '';
  const flush = () => {
    if (text.trim() !== '')
      out.push({ text: text.trim(), shape: normal(shape), withStrings: normal(withStrings) });
    text = shape = withStrings = '';
  };
  let i = 0;
  while (i < sql.length) {
    const c = sql[i]!;
    const next = sql[i + 1];
    let end = i + 1;
    if (c === '-' && next === '-') {
      end = sql.indexOf('\n', i);
      if (end < 0) end = sql.length;
      text += sql.slice(i, end);
      shape += ' ';
      withStrings += ' ';
      i = end;
      continue;
    }
    if (c === '/' && next === '*') {
      let depth = 1;
      end = i + 2;
      while (end < sql.length && depth > 0) {
        const opens = sql.startsWith('/*', end);
        if (opens || sql.startsWith('*/', end)) {
          depth += opens ? 1 : -1;
          end += 2;
        } else end++;
      }
      text += sql.slice(i, end);
      shape += ' ';
      withStrings += ' ';
      i = end;
      continue;
    }
    if (c === "'" || c === '"') {
      const backslashes =
        c === "'" && /[eE]/.test(sql[i - 1] ?? '') && !IDENT.test(sql[i - 2] ?? '');
      end = i + 1;
      while (end < sql.length) {
        if (backslashes && sql[end] === '\\') end += 2;
        else if (sql[end] === c && sql[end + 1] === c) end += 2;
        else if (sql[end] === c) break;
        else end++;
      }
      end = Math.min(end + 1, sql.length);
      const literal = sql.slice(i, end);
      text += literal;
      shape += c === '"' ? ' q ' : " '' ";
      withStrings += c === '"' ? ' q ' : literal.toLowerCase();
      i = end;
      continue;
    }
    if (c === '$' && !IDENT.test(sql[i - 1] ?? '')) {
      const tag = /^\$([A-Za-z_][A-Za-z0-9_]*)?\$/.exec(sql.slice(i));
      if (tag) {
        const close = sql.indexOf(tag[0], i + tag[0].length);
        end = close < 0 ? sql.length : close + tag[0].length;
        const literal = sql.slice(i, end);
        text += literal;
        shape += " '' ";
        withStrings += ` '${literal.slice(tag[0].length, literal.length - tag[0].length).toLowerCase()}' `;
        i = end;
        continue;
      }
    }
    if (c === ';') {
      flush();
      i++;
      continue;
    }
    text += c;
    shape += c.toLowerCase();
    withStrings += c.toLowerCase();
    i = end;
  }
  flush();
  return out;
}

function normal(s: string): string {
  return s
    .replace(/\s+/g, ' ')
    .replace(/^[\s(]+/, '')
    .trim();
}

const TRANSACTION_CONTROL =
  /^(begin|start transaction|commit|end|abort|rollback(?! to\b)|prepare transaction)\b/;
const ROLE_OR_DATABASE = /^alter (role|user|group|database|system)\b/;
const SESSION_IDENTITY = /^set (session |local )?(role|session authorization)\b/;
const TIMEOUT_SETTING = /^set (session |local )?[a-z_."]*timeout\b/;
const SET_CONFIG_OF_LIMIT = /\bset_config\s*\(\s*'[^']*(timeout|role|session_authorization)/;

/** Why a statement may not run as admin SQL, or undefined when it may. */
export function refusalOf(statement: SplitStatement): string | undefined {
  const { shape, withStrings } = statement;
  if (TRANSACTION_CONTROL.test(shape))
    return 'Each admin SQL request runs in a transaction of its own: leave out BEGIN, COMMIT and ROLLBACK (send several statements to /batch with mode "transaction" to apply them together).';
  if (ROLE_OR_DATABASE.test(shape))
    return 'Roles, databases and server settings cannot be changed from admin SQL (ALTER ROLE / USER / DATABASE / SYSTEM). Use psql as the database owner.';
  if (SESSION_IDENTITY.test(shape) || /^reset\b/.test(shape))
    return 'SET ROLE, SET SESSION AUTHORIZATION and RESET are not allowed in admin SQL: it runs as its own role under fixed time-outs.';
  if (TIMEOUT_SETTING.test(shape) || SET_CONFIG_OF_LIMIT.test(withStrings))
    return 'Admin SQL time-outs are set by the server (ADMIN_SQL_TIMEOUT_MS, ADMIN_SQL_LOCK_TIMEOUT_MS) and cannot be changed from a statement.';
  return undefined;
}
