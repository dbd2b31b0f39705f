// `npm run admin -- storage copy --to s3` (storage-copy-command.ts, storage-copy.ts) on a real
// S3-compatible server (s3rver, started in this process) and real files in a temp DATA_DIR, never
// a mock of the SDK: what lands in the bucket, byte for byte, what a second run does, and what
// the operator sees from the command (its output and exit code).
import { execFile } from 'node:child_process';
import { createCipheriv, createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lockDataDir } from '../../db/data-dir-lock.ts';
import { parseEnv } from '../../env.ts';
import { startS3Server, type TestS3Server } from '../../test/s3-server.ts';
import { LocalDiskBackend } from './local-disk-backend.ts';
import { S3Backend } from './s3-backend.ts';
import type { StorageBackend } from './storage-backend.ts';
import { copyStorage, type CopyProgress } from './storage-copy.ts';
import { s3SettingsOf } from './storage.env.ts';

const ROOT = fileURLToPath(new URL('../../../../../', import.meta.url));
// Each run starts Node and loads the server's TypeScript (~2 s).
const SCRIPT_TIMEOUT_MS = 120_000;
/** Above S3Backend's 5 MiB part size: sent as a multipart upload of three parts. */
const BIG_BYTES = 12 * 1024 * 1024;
const ZERO_IV = Buffer.alloc(16);

let s3: TestS3Server;
let client: S3Client;
const opened: S3Backend[] = [];
const dataDirs: string[] = [];
beforeAll(async () => {
  s3 = await startS3Server();
  const { endpoint, region, accessKeyId, secretAccessKey } = s3SettingsOf(parseEnv(s3.env))!;
  client = new S3Client({
    ...{ endpoint, region, forcePathStyle: true },
    credentials: { accessKeyId, secretAccessKey },
  });
});
afterAll(async () => {
  for (const backend of opened) backend.close();
  client?.destroy();
  await s3?.close();
  // Only the folders this file made.
  for (const dir of dataDirs) await fs.rm(dir, { recursive: true, force: true });
});

async function newDataDir(): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'cw-storage-copy-'));
  dataDirs.push(dir);
  return dir;
}

/** Bytes that look random and are the same for a `seed` on every run (AES-CTR of zeros). */
const bytesOf = (length: number, seed: number) =>
  createCipheriv('aes-256-ctr', Buffer.alloc(32, seed), ZERO_IV).update(Buffer.alloc(length));
const sizeOf = (files: Record<string, Buffer>) =>
  Object.values(files).reduce((n, b) => n + b.length, 0);
const sha256 = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

/** Writes `files` (key → bytes) into DATA_DIR as the local disk keeps uploads. */
async function writeFiles(dataDir: string, files: Record<string, Buffer>): Promise<void> {
  for (const [key, content] of Object.entries(files)) {
    const file = path.join(dataDir, key);
    await fs.mkdir(path.dirname(file), { recursive: true });
    await fs.writeFile(file, content);
  }
}

/** The object's bytes in `backend`, or null. */
async function read(backend: StorageBackend, key: string): Promise<Buffer | null> {
  const found = await backend.get(key);
  if (!found) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of found.stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** A DATA_DIR with a few uploads of one user, including a nested folder and a big file. */
async function storeWithFiles() {
  const dataDir = await newDataDir();
  const user = `uploads/${randomUUID()}`;
  const files = {
    [`${user}/notes.txt`]: Buffer.from('hello from the local disk\n'),
    [`${user}/pic.png`]: bytesOf(70_000, 1),
    [`${user}/docs/2024/report.pdf`]: bytesOf(300_000, 2),
    [`${user}/big.bin`]: bytesOf(BIG_BYTES, 3),
  };
  await writeFiles(dataDir, files);
  return { dataDir, user, files, local: await LocalDiskBackend.open(dataDir) };
}

let buckets = 0;
/** A new empty bucket for one test, the command's variables for it, and a backend on it. */
async function freshBucket(dataDir: string) {
  const name = `copy-${process.pid}-${++buckets}`;
  await client.send(new CreateBucketCommand({ Bucket: name }));
  const env = { ...s3.env, S3_BUCKET: name, STORAGE: 'local', DATA_DIR: dataDir };
  const backend = await S3Backend.open(s3SettingsOf(parseEnv({ ...env, STORAGE: 's3' }))!, dataDir);
  opened.push(backend);
  return { env, backend };
}

async function keysIn(backend: StorageBackend, prefix: string): Promise<string[]> {
  const keys: string[] = [];
  for await (const { key } of backend.list(prefix)) keys.push(key);
  return keys.sort();
}

async function expectInBucket(backend: S3Backend, user: string, files: Record<string, Buffer>) {
  expect(await keysIn(backend, `${user}/`)).toEqual(Object.keys(files).sort());
  for (const [key, content] of Object.entries(files)) {
    expect(sha256((await read(backend, key))!), key).toBe(sha256(content));
  }
}

describe('copyStorage from the local disk to an S3 bucket', () => {
  it('copies every file with identical bytes, then only what is missing or changed', async () => {
    const { dataDir, user, files, local } = await storeWithFiles();
    const { backend: bucket } = await freshBucket(dataDir);
    const seen: CopyProgress[] = [];
    const first = await copyStorage(local, bucket, { onProgress: (p) => seen.push(p) });
    expect(first).toEqual({ copied: 4, alreadyThere: 0, vanished: 0, bytes: sizeOf(files) });
    await expectInBucket(bucket, user, files);
    expect(seen.map((p) => p.outcome)).toEqual(['copied', 'copied', 'copied', 'copied']);
    // Above the part size, a multipart upload: s3rver names a completed one `Post`, a PutObject
    // `Put`.
    expect(s3.writesOf(`${user}/big.bin`)).toEqual(['ObjectCreated:Post']);
    expect(s3.writesOf(`${user}/notes.txt`)).toEqual(['ObjectCreated:Put']);
    const second = await copyStorage(local, bucket);
    expect(second).toEqual({ copied: 0, alreadyThere: 4, vanished: 0, bytes: 0 });
    // Same size, other bytes: only the SHA-256 tells them apart. And one that grew, and a new one.
    const changed = {
      [`${user}/pic.png`]: bytesOf(70_000, 99),
      [`${user}/notes.txt`]: Buffer.from('hello again, now longer\n\n'),
      [`${user}/docs/new.txt`]: Buffer.from('new since the first run'),
    };
    await writeFiles(dataDir, changed);
    const third = await copyStorage(local, bucket);
    expect(third).toEqual({ copied: 3, alreadyThere: 2, vanished: 0, bytes: sizeOf(changed) });
    await expectInBucket(bucket, user, { ...files, ...changed });
    // Written once over the three runs; every staged copy was put or removed.
    expect(s3.writesOf(`${user}/big.bin`)).toHaveLength(1);
    expect(await fs.readdir(path.join(dataDir, 'uploads', '.staging'))).toEqual([]);
  });

  it('skips and counts a file removed after it was listed', async () => {
    const dataDir = await newDataDir();
    const user = `uploads/${randomUUID()}`;
    const [kept, gone] = [`${user}/kept.txt`, `${user}/gone.txt`];
    await writeFiles(dataDir, { [kept]: Buffer.from('kept'), [gone]: Buffer.from('gone') });
    const disk = await LocalDiskBackend.open(dataDir);
    const { backend: bucket } = await freshBucket(dataDir);
    // The real disk, with the race made certain: the file goes right after being listed.
    const racing: StorageBackend = Object.assign(Object.create(disk) as LocalDiskBackend, {
      async *list(prefix: string) {
        for await (const entry of disk.list(prefix)) {
          if (entry.key === gone) await disk.remove(gone);
          yield entry;
        }
      },
    });
    const report = await copyStorage(racing, bucket);
    expect(report).toEqual({ copied: 1, alreadyThere: 0, vanished: 1, bytes: 4 });
    expect(await keysIn(bucket, `${user}/`)).toEqual([kept]);
  });
});

const execFileAsync = promisify(execFile);

/** Runs the operator command as `npm run admin -- …` does, with these variables. */
async function admin(args: string[], env: Record<string, string>) {
  const script = path.join(ROOT, 'scripts/admin.mjs');
  const options = { cwd: ROOT, env: { ...process.env, DATABASE_URL: '', ...env } };
  const ran = await execFileAsync(process.execPath, [script, ...args], options).then(
    (done) => ({ ...done, code: 0 }),
    (failed: { code: number; stdout: string; stderr: string }) => failed,
  );
  return { code: ran.code, stdout: ran.stdout.trim(), stderr: ran.stderr.trim() };
}

const COPY = ['storage', 'copy', '--to', 's3'];
const COPY_FORM = 'npm run admin -- storage copy --to s3';

describe('npm run admin -- storage copy --to s3', () => {
  it(
    'copies every file, checked, prints the summary and the switch step; again copies none',
    async () => {
      const { dataDir, user, files } = await storeWithFiles();
      const { env, backend } = await freshBucket(dataDir);
      const uploads = path.join(dataDir, 'uploads');
      const ran = await admin(COPY, env);
      expect(ran.stderr).toBe('');
      expect(ran.code).toBe(0);
      expect(ran.stdout).not.toContain('Warning');
      expect(ran.stdout).toContain(
        `Copying ${uploads} to the S3 bucket "${env.S3_BUCKET}" (${s3.env.S3_ENDPOINT})`,
      );
      expect(ran.stdout).toContain('Done: 4 files checked, 4 copied (12.4 MiB), 0 already there.');
      expect(ran.stdout).toContain(
        'To switch: set STORAGE=s3 in .env (keep the S3_* settings), then restart the server.',
      );
      expect(ran.stdout).toContain(`The local files stay in ${uploads}`);
      await expectInBucket(backend, user, files);
      const again = await admin(COPY, env);
      expect(again.stdout).toContain('Done: 4 files checked, 0 copied (0 bytes), 4 already there.');
      // The local files stay; every staged copy was put or removed.
      const big = `${user}/big.bin`;
      expect((await fs.readFile(path.join(dataDir, big))).equals(files[big]!)).toBe(true);
      expect(await fs.readdir(path.join(uploads, '.staging'))).toEqual([]);
    },
    SCRIPT_TIMEOUT_MS,
  );

  it(
    'warns while a server holds DATA_DIR; run again after it stops, copies only what changed',
    async () => {
      const dataDir = await newDataDir();
      const key = `uploads/${randomUUID()}/a.txt`;
      await writeFiles(dataDir, { [key]: Buffer.from('a') });
      const { env, backend } = await freshBucket(dataDir);
      // This test process stands in for the server: it holds the lock as server.ts does.
      const lock = await lockDataDir(dataDir, 'server');
      const whileUp = await admin(COPY, env).finally(() => lock.release());
      expect(whileUp.code).toBe(0);
      expect(whileUp.stdout).toContain(
        `Warning: a running Codewright server (pid ${process.pid}) is using DATA_DIR. ` +
          'Files uploaded while this copy runs are not copied',
      );
      expect(whileUp.stdout).toContain('Done: 1 file checked, 1 copied (1 byte), 0 already there.');
      expect(whileUp.stdout).toContain(
        [
          'To switch:',
          '  1. Stop the server.',
          '  2. Run this command again: it copies only what is missing or changed.',
          '  3. Set STORAGE=s3 in .env (keep the S3_* settings), then start the server.',
        ].join('\n'),
      );

      // Replaced while the server was still up: the run after it stopped copies it again.
      await writeFiles(dataDir, { [key]: Buffer.from('a, then b') });
      const afterStop = await admin(COPY, env);
      expect(afterStop.code).toBe(0);
      expect(afterStop.stdout).not.toContain('Warning');
      expect(afterStop.stdout).toContain('1 file checked, 1 copied (9 bytes), 0 already there.');
      expect(await read(backend, key)).toEqual(Buffer.from('a, then b'));

      const again = await admin(COPY, env);
      expect(again.code).toBe(0);
      expect(again.stdout).toContain('1 file checked, 0 copied (0 bytes), 1 already there.');
      expect(again.stdout).toContain('To switch: set STORAGE=s3 in .env');

      // Removed here after it was copied: named, as the bucket would serve it again; not deleted.
      await fs.rm(path.join(dataDir, key));
      const removed = await admin(COPY, env);
      expect(removed.code).toBe(0);
      expect(removed.stdout).toContain('Warning: 1 file in the bucket is not in DATA_DIR');
      expect(removed.stdout).toContain(`\n  ${key}\n`);
      expect(await keysIn(backend, 'uploads/')).toEqual([key]);
    },
    SCRIPT_TIMEOUT_MS,
  );

  it(
    'refuses what it cannot do: usage errors exit 2, missing settings and STORAGE=s3 exit 1',
    async () => {
      const dataDir = await newDataDir();
      await writeFiles(dataDir, { [`uploads/${randomUUID()}/a.txt`]: Buffer.from('a') });
      const env = { ...s3.env, STORAGE: 'local', DATA_DIR: dataDir };
      const [bare, gcs, noBucket, noKeys, alreadyS3, wrongBucket] = await Promise.all([
        admin(['storage', 'copy'], env),
        admin(['storage', 'copy', '--to', 'gcs'], env),
        admin(COPY, { ...env, S3_BUCKET: '' }),
        admin(COPY, { ...env, S3_ACCESS_KEY_ID: '', S3_SECRET_ACCESS_KEY: '' }),
        admin(COPY, { ...env, STORAGE: 's3' }),
        admin(COPY, { ...env, S3_BUCKET: 'no-such-bucket' }),
      ]);
      expect([bare.code, gcs.code]).toEqual([2, 2]);
      expect(bare.stderr).toContain('Unknown command "storage copy".');
      expect(gcs.stderr).toContain('Unknown command "storage copy --to gcs".');
      for (const ran of [bare, gcs]) expect(ran.stderr).toContain(`Usage: ${COPY_FORM}`);
      expect([noBucket, noKeys, alreadyS3, wrongBucket].map((r) => r.code)).toEqual([1, 1, 1, 1]);
      expect(noBucket.stderr).toContain('Cannot copy to S3: S3_BUCKET is not set.');
      expect(noKeys.stderr).toContain(
        'Cannot copy to S3: S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY are not set.',
      );
      expect(alreadyS3.stderr).toContain('Uploads are already in S3 (STORAGE=s3)');
      expect(wrongBucket.stderr).toContain(
        'Cannot use the S3 bucket "no-such-bucket" (http://127.0.0.1:',
      );
      expect(wrongBucket.stderr).toContain('The bucket does not exist.');
      expect(wrongBucket.stderr).toContain('Nothing was copied.');
      for (const ran of [bare, gcs, noBucket, noKeys, alreadyS3]) expect(ran.stdout).toBe('');
    },
    SCRIPT_TIMEOUT_MS,
  );
});
