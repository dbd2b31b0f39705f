// A backup of uploads kept in an S3-compatible bucket (s3rver, a real server from npm), restored
// into another bucket: every object comes back byte for byte, a multipart-sized one too; a bucket
// that holds anything is refused.
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server, type TestS3Server } from '../../test/s3-server.ts';
import { useTestApp } from '../../test/test-app.ts';
import { S3Backend } from '../storage/s3-backend.ts';
import { backupOf, target, tempDir } from './backup-test-helpers.ts';
import { restoreBackup } from './restore.ts';

const source = useTestApp();
let from: TestS3Server;
let to: TestS3Server;
beforeAll(async () => {
  [from, to] = await Promise.all([startS3Server(), startS3Server()]);
});
afterAll(async () => {
  await Promise.all([from?.close(), to?.close()]);
});

async function bucketOf(server: TestS3Server) {
  const { env } = server;
  const backend = await S3Backend.open(
    {
      endpoint: env.S3_ENDPOINT,
      bucket: env.S3_BUCKET!,
      region: env.S3_REGION!,
      accessKeyId: env.S3_ACCESS_KEY_ID!,
      secretAccessKey: env.S3_SECRET_ACCESS_KEY!,
      forcePathStyle: true,
    },
    await tempDir('cw-backup-s3-'),
  );
  return { kind: 's3' as const, backend };
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

describe('a backup of S3 storage', () => {
  it('restores every object into another bucket, byte for byte', async () => {
    const storage = await bucketOf(from);
    const objects = new Map([
      ['uploads/usr_a/a.txt', new TextEncoder().encode('first\n')],
      ['uploads/usr_a/deep/b.bin', randomBytes(1024)],
      ['uploads/ws_b/big.bin', randomBytes(6 * 1024 * 1024 + 17)],
    ]);
    for (const [key, bytes] of objects) {
      const staging = await storage.backend.createStagingFile();
      await fs.writeFile(staging, bytes);
      await storage.backend.put(key, staging, { overwrite: false });
    }
    const { config } = source;
    const { dir, manifest } = await backupOf(config.DATABASE_URL!, storage, config.JWT_SECRET!);
    expect(manifest.files.storage).toBe('s3');
    expect(manifest.files.entries.map((e) => e.key).sort()).toEqual([...objects.keys()].sort());

    const into = await target(config.JWT_SECRET, { storage: await bucketOf(to) });
    await restoreBackup(dir, into.restoreTarget);
    expect((await to.keysUnder('uploads/')).sort()).toEqual([...objects.keys()].sort());
    for (const [key, bytes] of objects) {
      const got = await into.backend.get(key);
      const back = new Uint8Array(
        await new Response(got!.stream as unknown as ReadableStream).arrayBuffer(),
      );
      expect(sha256(back), key).toBe(sha256(bytes));
    }

    const again = await target(config.JWT_SECRET, { storage: await bucketOf(to) });
    await expect(restoreBackup(dir, again.restoreTarget)).rejects.toThrow(
      'already holds stored files',
    );
    storage.backend.close();
  });
});
