// A shutdown (a restart, a deploy, a drain of one of N instances) tells every websocket to come
// back: close code 1012, Service Restart, with a reason that says so (issue 50).
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REALTIME_CLOSE } from '@codewright/contract';
import { buildApp } from '../../app.ts';
import { newUser } from '../db/db-test-helpers.ts';
import { useTestApp } from '../../test/test-app.ts';
import { connectSocket } from './realtime-test-helpers.ts';

const t = useTestApp();

describe('realtime on shutdown', () => {
  it('closes each websocket with 1012 and a reconnect hint, and the app closes at once', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'cw-restart-'));
    const app = await buildApp({ config: { ...t.config, DATA_DIR: dataDir }, logger: false });
    try {
      const url = await app.listen({ port: 0, host: '127.0.0.1' });
      const user = await newUser(app);
      const socket = await connectSocket(
        `${url.replace('http', 'ws')}/api/realtime/codewright/ws`,
        user.token,
      );
      const started = performance.now();
      await app.close();
      expect(performance.now() - started).toBeLessThan(5000);
      expect(await socket.closed).toEqual({
        code: REALTIME_CLOSE.restarting,
        reason: 'The server is restarting: reconnect.',
      });
    } finally {
      await app.close();
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  });
});
