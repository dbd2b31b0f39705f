// s3rver ships no types; only what test/s3-server.ts uses (s3rver 3.7, lib/s3rver.js).
declare module 's3rver' {
  import type { AddressInfo } from 'node:net';

  interface S3rverOptions {
    address?: string;
    port?: number;
    silent?: boolean;
    directory?: string;
    configureBuckets?: { name: string }[];
  }

  export default class S3rver {
    constructor(options: S3rverOptions);
    run(): Promise<AddressInfo>;
    close(): Promise<void>;
    /** Each write or delete, as an S3 event notification (a completed multipart upload is a Post). */
    on(
      event: 'event',
      listener: (e: { Records: { eventName: string; s3: { object: { key: string } } }[] }) => void,
    ): this;
  }
}
