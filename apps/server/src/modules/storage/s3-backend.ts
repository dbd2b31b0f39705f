import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import { pipeline, type Readable, Transform } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { noteStreamedBytes } from '../../lib/young-garbage.ts';
import { LocalDiskBackend } from './local-disk-backend.ts';
import {
  ObjectExistsError,
  ObjectPathConflictError,
  type StorageBackend,
  type StoredObjectInfo,
} from './storage-backend.ts';
import type { S3Settings } from './storage.env.ts';

/** Connecting to the object store (ms). */
const S3_CONNECT_TIMEOUT_MS = 5_000;
/** A request whose socket sends nothing for this long is ended (ms). */
const S3_IDLE_TIMEOUT_MS = 60_000;

/**
 * Parts of a multipart upload: S3's smallest. Each part is streamed from its range of the
 * staging file, never gathered in memory (a library that buffers each part grew the server by
 * 25 MB for a 50 MB upload; docs/decisions/053). Smaller files go in one streamed PutObject.
 */
const PART_BYTES = 5 * 1024 * 1024;

/** S3 deletes at most this many keys per request. */
const DELETE_BATCH = 1000;

/** Not found, in the shapes S3 and its look-alikes answer (NoSuchKey on GET, NotFound on HEAD). */
function isNotFound(err: unknown): boolean {
  return err instanceof S3ServiceException && err.$metadata.httpStatusCode === 404;
}

/**
 * `If-None-Match: *` refused: the key was created meanwhile (412), or another conditional write
 * of it is under way (409 ConditionalRequestConflict).
 */
function isTakenMeanwhile(err: unknown): boolean {
  const status = err instanceof S3ServiceException ? err.$metadata.httpStatusCode : undefined;
  return status === 412 || status === 409;
}

/** Why HeadBucket failed, in words: a HEAD answer has no body to carry S3's own message. */
function headBucketFailure(err: unknown): string {
  const status = err instanceof S3ServiceException ? err.$metadata.httpStatusCode : undefined;
  if (status === 404) return 'The bucket does not exist.';
  if (status === 403) return 'Access denied: check S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY.';
  if (status === 301) return 'The bucket is in another region: check S3_REGION.';
  return err instanceof Error ? err.message : String(err);
}

/** Passes chunks on unchanged, counting them as streamed bytes (lib/young-garbage.ts). */
function countedStream(stagingPath: string, range?: { start: number; end: number }): Readable {
  const counter = new Transform({
    transform(chunk: Buffer, _enc, done) {
      noteStreamedBytes(chunk.length);
      done(null, chunk);
    },
  });
  // pipeline, not pipe: when the upload fails and drops the stream, the file is closed too.
  pipeline(createReadStream(stagingPath, range), counter, () => {});
  return counter;
}

/**
 * Objects in an S3-compatible bucket under the same keys as the local disk's files
 * (`uploads/{id}/a.png`, docs/decisions/005). Uploads are still staged in a local file
 * (DATA_DIR/uploads/.staging, through LocalDiskBackend), then streamed into the bucket: a
 * refused or aborted upload never reaches it, and readers see the whole object or none.
 */
export class S3Backend implements StorageBackend {
  private constructor(
    private readonly client: S3Client,
    private readonly bucket: string,
    private readonly staging: LocalDiskBackend,
  ) {}

  /** Connects to the bucket (checked with one request) and opens the local staging folder. */
  static async open(settings: S3Settings, dataDir: string): Promise<S3Backend> {
    const client = new S3Client({
      endpoint: settings.endpoint,
      region: settings.region,
      forcePathStyle: settings.forcePathStyle,
      credentials: {
        accessKeyId: settings.accessKeyId,
        secretAccessKey: settings.secretAccessKey,
      },
      // Checksums only where S3 requires them: the default (a CRC sent in aws-chunked
      // encoding) is stored as garbage by servers that do not know it, such as s3rver.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      // A store that does not answer fails the request instead of holding it: connecting is
      // bounded, and so is a socket gone quiet (a long download keeps sending, so lives on).
      requestHandler: {
        connectionTimeout: S3_CONNECT_TIMEOUT_MS,
        requestTimeout: S3_IDLE_TIMEOUT_MS,
      },
    });
    const backend = new S3Backend(client, settings.bucket, await LocalDiskBackend.open(dataDir));
    // A wrong bucket, key or endpoint stops the start, not the first upload. HeadBucket asks
    // for the same permission as listing, and needs no page of keys (s3rver, the tests' server,
    // fails any listing cut short: its page tokens use DES, which Node's OpenSSL 3 lacks).
    try {
      await client.send(new HeadBucketCommand({ Bucket: settings.bucket }));
    } catch (err) {
      client.destroy();
      throw new Error(headBucketFailure(err), { cause: err });
    }
    return backend;
  }

  /** Closes the client's kept-alive connections. */
  close(): void {
    this.client.destroy();
  }

  createStagingFile(): Promise<string> {
    return this.staging.createStagingFile();
  }

  discardStagingFile(stagingPath: string): Promise<void> {
    return this.staging.discardStagingFile(stagingPath);
  }

  async put(key: string, stagingPath: string, options: { overwrite: boolean }): Promise<void> {
    try {
      await this.refuseConflicts(key, options.overwrite);
      const { size } = await fs.stat(stagingPath);
      // A create-if-absent on servers that honour it (AWS S3, MinIO): two racing uploads
      // cannot both win. Sent on the PutObject or on CompleteMultipartUpload.
      const condition = options.overwrite ? {} : { IfNoneMatch: '*' };
      if (size <= PART_BYTES) {
        await this.client.send(
          new PutObjectCommand({
            Bucket: this.bucket,
            Key: key,
            Body: countedStream(stagingPath),
            ContentLength: size,
            ...condition,
          }),
        );
      } else {
        await this.putInParts(key, stagingPath, size, condition);
      }
    } catch (err) {
      if (!options.overwrite && isTakenMeanwhile(err)) throw new ObjectExistsError(key);
      throw err;
    } finally {
      await this.discardStagingFile(stagingPath);
    }
  }

  /** A multipart upload, one part at a time, each streamed from its range of the file. */
  private async putInParts(
    key: string,
    stagingPath: string,
    size: number,
    condition: { IfNoneMatch?: string },
  ): Promise<void> {
    const target = { Bucket: this.bucket, Key: key };
    const { UploadId } = await this.client.send(new CreateMultipartUploadCommand(target));
    try {
      const parts: { ETag?: string; PartNumber: number }[] = [];
      for (let start = 0, number = 1; start < size; start += PART_BYTES, number++) {
        const end = Math.min(size, start + PART_BYTES) - 1;
        const { ETag } = await this.client.send(
          new UploadPartCommand({
            ...target,
            UploadId,
            PartNumber: number,
            Body: countedStream(stagingPath, { start, end }),
            ContentLength: end - start + 1,
          }),
        );
        parts.push({ ETag, PartNumber: number });
      }
      await this.client.send(
        new CompleteMultipartUploadCommand({
          ...target,
          UploadId,
          MultipartUpload: { Parts: parts },
          ...condition,
        }),
      );
    } catch (err) {
      // No parts left in the bucket (they would be billed and never listed).
      await this.client
        .send(new AbortMultipartUploadCommand({ ...target, UploadId }))
        .catch(() => undefined);
      throw err;
    }
  }

  /**
   * The local disk's refusals, so a bucket could be copied to a disk and back: no key may be
   * both a file and a folder, and without overwrite an existing key is taken. (The check and the
   * write are two steps; `If-None-Match` closes the gap where the server supports it.)
   */
  private async refuseConflicts(key: string, overwrite: boolean): Promise<void> {
    const inside = await this.client.send(
      new ListObjectsV2Command({ Bucket: this.bucket, Prefix: `${key}/`, MaxKeys: 1 }),
    );
    if ((inside.KeyCount ?? 0) > 0) throw new ObjectPathConflictError(key);
    // Folders between `uploads/{id}/` and the file: none may be a file.
    const segments = key.split('/');
    for (let i = 3; i < segments.length; i++) {
      if (await this.exists(segments.slice(0, i).join('/'))) throw new ObjectPathConflictError(key);
    }
    if (!overwrite && (await this.exists(key))) throw new ObjectExistsError(key);
  }

  async get(key: string): Promise<{ stream: Readable; size: number } | null> {
    try {
      const found = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      // In Node the body is an http.IncomingMessage: streamed on, never read whole here.
      return { stream: found.Body as Readable, size: found.ContentLength ?? 0 };
    } catch (err) {
      if (isNotFound(err)) return null;
      throw err;
    }
  }

  async stat(key: string): Promise<StoredObjectInfo | null> {
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return { size: head.ContentLength ?? 0, modifiedAt: head.LastModified ?? new Date(0) };
    } catch (err) {
      if (isNotFound(err)) return null;
      throw err;
    }
  }

  async exists(key: string): Promise<boolean> {
    return (await this.stat(key)) !== null;
  }

  async remove(key: string): Promise<boolean> {
    // S3's delete succeeds for a missing key too; the answer must say whether there was one.
    if (!(await this.exists(key))) return false;
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
    return true;
  }

  async *list(prefix: string): AsyncIterable<{ key: string; size: number }> {
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix, ContinuationToken: token }),
      );
      for (const o of page.Contents ?? []) if (o.Key) yield { key: o.Key, size: o.Size ?? 0 };
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  async removeFolder(prefix: string): Promise<void> {
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({
          Bucket: this.bucket,
          Prefix: prefix,
          ContinuationToken: token,
          MaxKeys: DELETE_BATCH,
        }),
      );
      const keys = (page.Contents ?? []).flatMap((o) => (o.Key ? [{ Key: o.Key }] : []));
      if (keys.length > 0) {
        const result = await this.client.send(
          new DeleteObjectsCommand({ Bucket: this.bucket, Delete: { Objects: keys, Quiet: true } }),
        );
        const failed = result.Errors?.[0];
        if (failed)
          throw new Error(`could not remove ${failed.Key}: ${failed.Code} ${failed.Message}`);
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }
}
