// Budgets (issue 51): a backup of 10,000 projects and 1 GB of files under 60 s; its restore under
// 120 s. Starts the server on a fresh DATA_DIR (embedded PostgreSQL, local disk), fills it (the
// projects through SQL over the database's socket, each with its main file made by the trigger
// and two chat messages; the files written into DATA_DIR/uploads), then times
// `npm run admin -- backup` while the server runs, and `restore` into a new DATA_DIR, as an
// operator runs them (scripts/admin.mjs). Prints the machine and the disk.
// Usage: [BACKUP_PORT=3460] node bench/backup.mjs [projects=10000] [MB=1000]
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { machine, report, ROOT, signUpAndIn, startTempServer, stop, waitFor200 } from './lib.mjs';

const PROJECTS = Number(process.argv[2] ?? 10_000);
const FILE_MB = Number(process.argv[3] ?? 1000);
const FILE_SIZE = 4 * 1_000_000;
const PORT = Number(process.env.BACKUP_PORT ?? 3460);
const BUDGET_BACKUP_S = 60;
const BUDGET_RESTORE_S = 120;

/** `npm run admin -- …args` on DATA_DIR `dataDir`; resolves with its seconds, or throws with its output. */
function admin(dataDir, ...args) {
  const started = performance.now();
  const child = spawn(process.execPath, [path.join(ROOT, 'scripts/admin.mjs'), ...args], {
    env: { PATH: process.env.PATH, DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (c) => (output += c));
  child.stderr.on('data', (c) => (output += c));
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => {
      const seconds = (performance.now() - started) / 1000;
      if (code === 0) resolve({ seconds, output });
      else reject(new Error(`admin ${args[0]} exited ${code}:\n${output}`));
    });
  });
}

const { server, work } = startTempServer('cw-bench-backup-', PORT, {
  NODE_ENV: 'production',
  LOG_LEVEL: 'warn',
  RATE_LIMIT_MAX: '1000000',
});
const dataDir = path.join(work, 'data');
try {
  const base = `http://127.0.0.1:${PORT}`;
  await waitFor200(`${base}/api/health`, performance.now(), 60_000);
  const { user } = await signUpAndIn(base, `bench-${Date.now()}@example.com`, 'bench-password');

  // The app database over the embedded server's socket (DATA_DIR/run), as the app role.
  const socket = encodeURIComponent(path.join(dataDir, 'run'));
  const db = new pg.Client(`postgresql://codewright@localhost/codewright?host=${socket}&port=5432`);
  await db.connect();
  const filled = performance.now();
  await db.query(
    `insert into projects (id, user_id, workspace_id, updated_by, name, language, code)
     select 'proj_' || (1795000000000 + i) || '_' || lpad(i::text, 8, '0'), $1, w.id, $1,
            'Project ' || i, 'TypeScript',
            'export const n = ' || i || ';\n' || repeat('// a line of the project''s code\n', 120)
       from generate_series(1, $2::int) i, workspaces w where w.owner_id = $1 and w.personal`,
    [user.id, PROJECTS],
  );
  await db.query(
    `insert into chat_messages (id, project_id, user_id, role, content)
     select 'msg_' || (1795000000000 + i) || '_' || r || lpad(i::text, 8, '0'), p.id, $1, r,
            repeat('Make the button blue and keep the layout. ', 8)
       from (select id, row_number() over (order by id) i from projects) p,
            unnest(array['user', 'assistant']) r`,
    [user.id],
  );
  await db.end();

  const folder = path.join(dataDir, 'uploads', user.id, 'bench');
  fs.mkdirSync(folder, { recursive: true });
  const block = randomBytes(FILE_SIZE);
  const files = Math.round((FILE_MB * 1_000_000) / FILE_SIZE);
  for (let i = 0; i < files; i++) {
    block.writeUInt32BE(i, 0);
    fs.writeFileSync(path.join(folder, `f${String(i).padStart(4, '0')}.bin`), block);
  }
  const fillSeconds = (performance.now() - filled) / 1000;

  const backupDir = path.join(work, 'backup');
  const made = await admin(dataDir, 'backup', backupDir);
  await stop(server);
  const restored = await admin(path.join(work, 'restored'), 'restore', backupDir);
  const backupMb = Number(execFileSync('du', ['-sm', backupDir]).toString().split('\t')[0]);
  const disk = execFileSync('df', ['-T', work]).toString().trim().split('\n')[1].split(/\s+/)[1];

  const rows = [
    { step: 'backup (server running)', seconds: +made.seconds.toFixed(1), budget: BUDGET_BACKUP_S },
    {
      step: 'restore (fresh DATA_DIR)',
      seconds: +restored.seconds.toFixed(1),
      budget: BUDGET_RESTORE_S,
    },
  ];
  report('backup', rows, {
    projects: PROJECTS,
    chat_messages: PROJECTS * 2,
    files,
    file_mb: (files * FILE_SIZE) / 1e6,
    backup_folder_mb: backupMb,
    fill_seconds: +fillSeconds.toFixed(1),
    backup_seconds: +made.seconds.toFixed(1),
    restore_seconds: +restored.seconds.toFixed(1),
    budget_backup_seconds: BUDGET_BACKUP_S,
    budget_restore_seconds: BUDGET_RESTORE_S,
    file_system: disk,
    ...machine(),
  });
  console.log(made.output.trim());
  console.log(restored.output.trim());
} finally {
  await stop(server);
  fs.rmSync(work, { recursive: true, force: true });
}
