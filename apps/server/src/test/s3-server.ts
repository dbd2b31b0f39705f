import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';

/** s3rver's fixed credentials (it checks the signature with them). */
const KEY = 'S3RVER';
const BUCKET = 'codewright-test';

export interface TestS3Server {
  /** The settings that point the server at this bucket (STORAGE=s3, path style). */
  env: Record<string, string>;
  /** The keys in the bucket under `prefix`. */
  keysUnder(prefix: string): Promise<string[]>;
  /**
   * How each write of `key` arrived, oldest first: `ObjectCreated:Put` for one PutObject,
   * `ObjectCreated:Post` for a completed multipart upload (s3rver's event names).
   */
  writesOf(key: string): string[];
  /** Stops the server and removes its folder. */
  close(): Promise<void>;
}

/**
 * A real S3-compatible server in this process (s3rver; no other installs here), on a free port,
 * keeping its objects in a temp folder of its own, with one empty bucket.
 */
export async function startS3Server(): Promise<TestS3Server> {
  // The SDK warns once per process that its 2027 releases need Node 22: news for the operator
  // (docs/operations.md § PostgreSQL), not a fault of the test run, where a warning fails it.
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), `cw-s3rver-${process.pid}-`));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: BUCKET }],
  });
  const writes: { key: string; eventName: string }[] = [];
  server.on('event', (e) => {
    for (const r of e.Records) writes.push({ key: r.s3.object.key, eventName: r.eventName });
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new S3Client({
    endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: KEY, secretAccessKey: KEY },
  });
  return {
    env: {
      STORAGE: 's3',
      S3_ENDPOINT: endpoint,
      S3_BUCKET: BUCKET,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: KEY,
      S3_SECRET_ACCESS_KEY: KEY,
      S3_FORCE_PATH_STYLE: 'true',
    },
    async keysUnder(prefix) {
      const page = await client.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: prefix }));
      return (page.Contents ?? []).flatMap((o) => (o.Key ? [o.Key] : []));
    },
    writesOf: (key) => writes.filter((w) => w.key === key).map((w) => w.eventName),
    async close() {
      client.destroy();
      await server.close();
      // Only the folder made above for this server.
      await fs.rm(directory, { recursive: true, force: true });
    },
  };
}
