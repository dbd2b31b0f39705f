#!/usr/bin/env node
// `npm run admin -- grant <email> | revoke <email> | list`: the operator's admin command
// (apps/server/src/admin.ts), with the server's configuration: the environment, and a
// .env beside package.json as `npm start` reads it. See docs/operations.md "Admins".
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './bootstrap.mjs';

// Never installs anything itself (an admin command should not run npm ci): the database
// it works on exists only after `npm start`, which installs.
if (!existsSync(join(ROOT, 'node_modules/tsx/package.json'))) {
  console.error('Dependencies are not installed: run npm start (or npm ci) first.');
  process.exit(1);
}

// Variables already set win over the file, as with `npm start`.
const envFile = join(ROOT, '.env');
const nodeArgs = existsSync(envFile) ? [`--env-file=${envFile}`] : [];
const child = spawn(
  process.execPath,
  [
    ...nodeArgs,
    '--import',
    'tsx',
    join(ROOT, 'apps/server/src/admin.ts'),
    ...process.argv.slice(2),
  ],
  // From the root, so a relative DATA_DIR means what it means to `npm start`.
  { cwd: ROOT, stdio: 'inherit' },
);
child.on('error', (err) => {
  console.error(`admin: ${err.message}`);
  process.exit(1);
});
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
