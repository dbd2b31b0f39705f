/**
 * The README's "Scripting from Node" example (issue 48): built as users get it — the SDK's Node
 * bundle, `@codewright/sdk/node` — and run by Node itself, with no browser globals, against the
 * app listening on a real port: it signs in, lists the user's projects newest first, and renames
 * the newest. The script is read from the README, so the two cannot drift apart.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createProject, rest } from './modules/db/db-test-helpers.ts';
import { newSession } from './test/auth-helpers.ts';
import { useTestApp } from './test/test-app.ts';

const run = promisify(execFile);
const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const t = useTestApp({}, { listen: true });

/** The one `js` block under the README's "Scripting from Node" heading. */
function readmeExample(): string {
  const readme = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8');
  const section = readme.slice(readme.indexOf('## Scripting from Node'));
  const block = /```js\n([\s\S]*?)```/.exec(section);
  if (!block) throw new Error('README.md has no js block under "Scripting from Node"');
  return block[1]!;
}

describe("the README's Node example", () => {
  it('signs in, lists the projects newest first and renames the newest, on plain Node', async () => {
    await run(process.execPath, [path.join(ROOT, 'packages/sdk/build.mjs')], { cwd: ROOT });
    const { email, password, session } = await newSession(t.app);
    const token = session.access_token;
    const older = await createProject(t.app, token, { name: 'Older one' });
    const newer = await createProject(t.app, token, { name: 'Newest one' });
    // In the repository, so `@codewright/sdk/node` resolves as it does for a script of ours.
    fs.mkdirSync(path.join(ROOT, '.tmp'), { recursive: true });
    const dir = fs.mkdtempSync(path.join(ROOT, '.tmp', 'readme-node-'));
    const script = path.join(dir, 'example.mjs');
    fs.writeFileSync(script, readmeExample());
    try {
      const { stdout } = await run(process.execPath, [script], {
        cwd: dir,
        timeout: 30_000,
        env: {
          PATH: process.env.PATH ?? '',
          CODEWRIGHT_URL: t.baseUrl,
          CODEWRIGHT_EMAIL: email,
          CODEWRIGHT_PASSWORD: password,
        },
      });
      const lines = stdout.trim().split('\n');
      expect(lines).toEqual([
        `${String(newer.id)}  Newest one`,
        `${String(older.id)}  Older one`,
        `Renamed ${String(newer.id)}`,
      ]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
    const res = await rest(t.app, 'GET', `projects?id=eq.${String(newer.id)}&select=name`, {
      token,
    });
    expect(res.json()).toEqual([{ name: 'Newest one (checked)' }]);
  });
});
