// kill -9 during writes, again and again: every write the server acknowledged is there
// after the restart (docs/decisions/011). Runs the built server (apps/server/dist) on its
// embedded PostgreSQL; `npm test` builds it first. The power-cut counterpart, which needs
// root and a loop device, is scripts/power-cut.mjs.
import fs from 'node:fs/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { durableDataDir, postmasterPid, startBuiltServer, stopChild } from './test/built-server.ts';

const KILLS = Number(process.env.CRASH_TEST_KILLS ?? 30);
const WRITERS = 8;

let dataDir: string;
afterAll(async () => {
  if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
});

const start = () => startBuiltServer(dataDir);
const postgresPid = () => postmasterPid(dataDir);

describe('kill -9 during writes', () => {
  it(`loses no acknowledged write over ${KILLS} kills`, async () => {
    dataDir = await durableDataDir('cw-crash-');
    const email = `crash-${Date.now()}@example.com`;
    const password = 'crash-test-password';

    let server = await start();
    await server.http.signUp(email, password);
    const acked = new Set<string>();
    let lost: string[] = [];
    let sequence = 0;

    for (let round = 1; round <= KILLS; round++) {
      const token = await server.http.signIn(email, password);
      if (round === 1) {
        const upgraded = await server.http.call(
          'POST',
          '/api/plan/upgrade',
          { plan: 'pro' },
          token,
        );
        expect(upgraded.status).toBe(200);
      }
      // Writers insert until the kill; only a 201 counts as acknowledged.
      let killed = false;
      const writer = async () => {
        while (!killed) {
          const id = `proj_${Date.now()}_${(sequence++).toString(36).padStart(6, '0')}`;
          try {
            const res = await server.http.createProject(token, {
              id,
              name: `crash ${round}`,
              language: 'JavaScript',
              code: `// ${id}\n`,
            });
            if (res.status === 201) acked.add(id);
          } catch {
            // the connection died with the server: not acknowledged
          }
        }
      };
      const writers = Array.from({ length: WRITERS }, writer);
      await new Promise((r) => setTimeout(r, 150 + Math.random() * 450));
      // Every third round the database server dies too (crash recovery instead of a clean stop).
      const pgPid = round % 3 === 0 ? await postgresPid() : undefined;
      const exited = stopChild(server.child, 'SIGKILL');
      if (pgPid) process.kill(pgPid, 'SIGKILL');
      killed = true;
      await exited;
      await Promise.all(writers);

      server = await start();
      const again = await server.http.signIn(email, password);
      const present = new Set(await server.http.projectColumn(again, 'id'));
      lost = [...acked].filter((id) => !present.has(id));
      expect(lost, `round ${round}: acknowledged writes missing after kill -9`).toEqual([]);
    }
    await stopChild(server.child);
    console.log(`kill -9: ${KILLS} kills, ${acked.size} acknowledged writes, ${lost.length} lost`);
    expect(acked.size).toBeGreaterThan(KILLS * 5);
  }, 600_000);
});
