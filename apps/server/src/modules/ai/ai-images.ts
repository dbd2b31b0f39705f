/**
 * `imageUrls` of a text call (SPEC §5 upload → prompt; DESIGN §3.10): only the
 * caller's own uploads in this app's storage are accepted, as a public URL
 * (`http(s)://<this host>/api/storage/{project}/public/uploads/<callerId>/…`)
 * or as that path (the rule lives in storage/storage-urls.ts). The bytes are read
 * from the app's storage service — never fetched over the network (no SSRF).
 */
import { AI_IMAGE_MAX_BYTES } from '@codewright/contract';
import { AppError } from '../../lib/app-error.ts';
import { ownKeyOfPublicUrl, type UrlOrigin } from '../storage/storage-urls.ts';
import type { ImagePart } from './ai-prompt.ts';

/** What the AI module needs from storage: the caller's own file, with its detected type. */
export interface ImageSource {
  download(
    userId: string,
    path: string,
  ): Promise<{ stream: NodeJS.ReadableStream; size: number; mimeType: string }>;
}

const VISION_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);

const bad = (message: string) => new AppError('VALIDATION_ERROR', 400, message);

async function readAll(stream: NodeJS.ReadableStream, max: number): Promise<Buffer> {
  const parts: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > max) throw bad('imageUrls: an image is larger than 10 MB; upload a smaller one.');
    parts.push(chunk);
  }
  return Buffer.concat(parts);
}

/** Loads the images named by `urls` from storage as model image parts. */
export async function loadImages(
  urls: readonly string[],
  source: ImageSource,
  opts: { origin: UrlOrigin; userId: string },
): Promise<ImagePart[]> {
  const keys = urls.map((u) =>
    ownKeyOfPublicUrl(u, {
      origin: opts.origin,
      userId: opts.userId,
      field: 'imageUrls',
      noun: 'images',
    }),
  );
  const images: ImagePart[] = [];
  for (const key of keys) {
    let file;
    try {
      file = await source.download(opts.userId, key);
    } catch {
      throw bad(`imageUrls: ${key} was not found; upload the image first.`);
    }
    if (!VISION_TYPES.has(file.mimeType)) {
      (file.stream as unknown as { destroy?: () => void }).destroy?.();
      throw bad(`imageUrls: ${key} is not a PNG, JPEG, GIF or WebP image.`);
    }
    if (file.size > AI_IMAGE_MAX_BYTES) {
      (file.stream as unknown as { destroy?: () => void }).destroy?.();
      throw bad('imageUrls: an image is larger than 10 MB; upload a smaller one.');
    }
    images.push({
      data: new Uint8Array(await readAll(file.stream, AI_IMAGE_MAX_BYTES)),
      mediaType: file.mimeType,
    });
  }
  return images;
}
