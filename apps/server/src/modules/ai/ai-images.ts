/**
 * `imageUrls` of an AI call (SPEC §5 upload → prompt; DESIGN §3.10): only the
 * caller's own uploads in this app's storage are accepted, as a public URL
 * (`http(s)://<this host>/api/storage/{project}/public/uploads/<callerId>/…`)
 * or as that path. The bytes are read from the storage backend — never
 * fetched over the network (no SSRF).
 */
import { AI_IMAGE_MAX_BYTES } from '@codewright/contract';
import { AppError } from '../../lib/app-error.ts';
import type { ImagePart } from './ai.service.ts';

/** What the AI module needs from storage: the caller's own file, with its detected type. */
export interface ImageSource {
  download(
    userId: string,
    path: string,
  ): Promise<{ stream: NodeJS.ReadableStream; size: number; mimeType: string }>;
}

const VISION_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);

const bad = (message: string) => new AppError('VALIDATION_ERROR', 400, message);

/** The storage key (`uploads/<userId>/…`) an image URL names, or a 400 saying what to fix. */
export function storageKeyOf(
  raw: string,
  opts: { project: string; host: string; userId: string },
): string {
  let pathname: string;
  if (raw.startsWith('/')) {
    pathname = raw.split(/[?#]/)[0] as string;
  } else {
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      throw bad(
        `imageUrls: "${raw.slice(0, 100)}" is not a URL; upload the image first and send its publicUrl.`,
      );
    }
    if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.host !== opts.host) {
      throw bad(
        'imageUrls: only images uploaded to this app are accepted (the publicUrl from storage upload); other URLs are never fetched.',
      );
    }
    pathname = url.pathname;
  }
  const prefix = `/api/storage/${opts.project}/public/`;
  let key: string;
  try {
    key = decodeURIComponent(pathname.startsWith(prefix) ? pathname.slice(prefix.length) : '');
  } catch {
    key = '';
  }
  const own = `uploads/${opts.userId}/`;
  if (
    !key.startsWith(own) ||
    key.length === own.length ||
    key.split('/').some((s) => s === '..' || s === '.' || s === '')
  ) {
    throw bad(
      `imageUrls: name one of your own uploads, ${prefix}${own}<file> (the publicUrl storage upload returned).`,
    );
  }
  return key;
}

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
  opts: { project: string; host: string; userId: string },
): Promise<ImagePart[]> {
  const keys = urls.map((u) => storageKeyOf(u, opts));
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
