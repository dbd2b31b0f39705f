/**
 * N instances as an operator runs them (issue 50): two built servers (apps/server/dist) on one
 * PostgreSQL, each with a DATA_DIR of its own and the same JWT_SECRET, behind a round-robin
 * load balancer (round-robin-proxy.ts), their AI provider the scripted model server. `npm test`
 * builds the server first; the PostgreSQL is the embedded one's binaries in a throwaway folder.
 */
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { startModelServer, type ModelServer } from '../../../../e2e/fixtures/model-server.mjs';
import { startEmbeddedPostgres } from '../db/embedded-postgres.ts';
import {
  builtServerEnv,
  durableDataDir,
  httpClient,
  SERVER_JS,
  spawnListening,
  stopChild,
  type HttpClient,
} from './built-server.ts';
import { startRoundRobinProxy, type RoundRobinProxy } from './round-robin-proxy.ts';

export interface Instance {
  child: ChildProcess;
  url: string;
  http: HttpClient;
  output: () => string;
}

export interface Instances {
  /** The load balancer's URL and HTTP client: what a user reaches. */
  readonly url: string;
  readonly http: HttpClient;
  readonly proxy: RoundRobinProxy;
  readonly instances: Instance[];
  readonly model: ModelServer;
  close(): Promise<void>;
}

/** Starts `count` instances (one after the other: the first migrates the database) and the proxy. */
export async function startInstances(
  count = 2,
  env: Record<string, string> = {},
): Promise<Instances> {
  const root = await durableDataDir('cw-instances-');
  const cleanups: (() => Promise<unknown>)[] = [
    () => fs.rm(root, { recursive: true, force: true }),
  ];
  const close = async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
  };
  try {
    const postgres = await startEmbeddedPostgres({
      dataDir: path.join(root, 'pg'),
      durable: false,
    });
    cleanups.push(() => postgres.stop());
    const admin = new pg.Client({ connectionString: postgres.adminUrl });
    await admin.connect();
    await admin.query('CREATE DATABASE instances');
    await admin.end();
    const databaseUrl = postgres.adminUrl.replace('/postgres?', '/instances?');

    const model = await startModelServer({ port: 0 });
    cleanups.push(() => model.close());

    const instances: Instance[] = [];
    const children: ChildProcess[] = [];
    cleanups.push(() => Promise.all(children.map((child) => stopChild(child, 'SIGKILL'))));
    for (let i = 0; i < count; i++) {
      const dataDir = path.join(root, `instance-${i}`);
      await fs.mkdir(dataDir, { mode: 0o755 });
      const started = await spawnListening([SERVER_JS], {
        ...builtServerEnv(dataDir),
        DATABASE_URL: databaseUrl,
        // Uploads are not what these tests are about; every instance may share this disk.
        STORAGE: 'local',
        JWT_SECRET: 'instances-test-secret-of-at-least-32-characters',
        AI_PROVIDER: 'openai-compatible',
        AI_BASE_URL: model.url,
        AI_MODEL_BASIC: 'codewright-test-model',
        ...env,
      });
      children.push(started.child);
      instances.push({ ...started, http: httpClient(started.url) });
    }
    const proxy = await startRoundRobinProxy(instances.map((instance) => instance.url));
    cleanups.push(() => proxy.close());
    return { url: proxy.url, http: httpClient(proxy.url), proxy, instances, model, close };
  } catch (err) {
    await close();
    throw err;
  }
}
