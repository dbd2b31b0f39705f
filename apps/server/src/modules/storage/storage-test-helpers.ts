// What the storage API tests share (storage.api.test.ts, storage-s3.api.test.ts).

/** The PUBLIC_URL the tests' apps build public file URLs on. */
export const PUBLIC_URL = 'https://code.example.test';

/** A 1×1 PNG: the server detects the type from these bytes. */
export const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d4948445200000001000000010806000000' +
    '1f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
  'hex',
);

/** A signed-in user: id for its `uploads/{id}/` folder, token for the calls. */
export interface StorageUser {
  id: string;
  token: string;
}

/** An answer's body as bytes. */
export const bytes = async (res: Response) => Buffer.from(await res.arrayBuffer());
