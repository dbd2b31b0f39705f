// Runs every bench in turn: `npm run bench`.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

let failed = false;
for (const script of [
  'cold-start.mjs',
  'auth-me.mjs',
  'upload-memory.mjs',
  'signed-download.mjs',
  'list-projects.mjs',
  'ai-stream.mjs',
  'version-history.mjs',
  'version-diff.mjs',
  'scrape.mjs',
  'parallel-fetches.mjs',
  'hostile-screenshots.mjs',
  'account-takeover.mjs',
  'realtime-fanout.mjs',
  'coedit.mjs',
  'typing-frames.mjs',
  'generator-open.mjs',
  'preview-ready.mjs',
  'preview-chunks.mjs',
  'preview-select.mjs',
  'public-chunks.mjs',
  'tree-prompt.mjs',
  'tree-answer.mjs',
  'lighthouse.mjs',
]) {
  const r = spawnSync(process.execPath, [fileURLToPath(new URL(`./${script}`, import.meta.url))], {
    stdio: 'inherit',
  });
  if (r.status !== 0) failed = true;
}
process.exit(failed ? 1 : 0);
