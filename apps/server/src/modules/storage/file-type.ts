/**
 * File type from the first bytes (SPEC §5 "detected from the first bytes and
 * the extension corrected"). A small table instead of a dependency: the
 * `file-type` package needs Node 22, and we only have to recognise what the
 * product serves (images) plus common binary formats whose extension must not lie.
 */

/** Bytes of a file the detector needs to see. */
export const SNIFF_BYTES = 64;

export interface DetectedType {
  /** Extension the stored name should carry. */
  ext: string;
  mimeType: string;
  /** Other extensions that name the same format and are kept as written. */
  aliases?: readonly string[];
}

interface Signature extends DetectedType {
  matches(head: Buffer): boolean;
}

const startsWith =
  (bytes: readonly number[], offset = 0) =>
  (head: Buffer) =>
    head.length >= offset + bytes.length && bytes.every((b, i) => head[offset + i] === b);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

const SIGNATURES: readonly Signature[] = [
  {
    ext: 'png',
    mimeType: 'image/png',
    matches: startsWith([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  },
  {
    ext: 'jpg',
    mimeType: 'image/jpeg',
    aliases: ['jpeg'],
    matches: startsWith([0xff, 0xd8, 0xff]),
  },
  {
    ext: 'gif',
    mimeType: 'image/gif',
    matches: (h) => startsWith(ascii('GIF87a'))(h) || startsWith(ascii('GIF89a'))(h),
  },
  {
    ext: 'webp',
    mimeType: 'image/webp',
    matches: (h) => startsWith(ascii('RIFF'))(h) && startsWith(ascii('WEBP'), 8)(h),
  },
  { ext: 'pdf', mimeType: 'application/pdf', matches: startsWith(ascii('%PDF-')) },
  {
    ext: 'zip',
    mimeType: 'application/zip',
    // Office documents, Java archives and e-books are zip files too.
    aliases: ['docx', 'xlsx', 'pptx', 'odt', 'ods', 'odp', 'jar', 'epub', 'apk'],
    matches: (h) =>
      startsWith([0x50, 0x4b, 0x03, 0x04])(h) ||
      startsWith([0x50, 0x4b, 0x05, 0x06])(h) ||
      startsWith([0x50, 0x4b, 0x07, 0x08])(h),
  },
  { ext: 'gz', mimeType: 'application/gzip', aliases: ['tgz'], matches: startsWith([0x1f, 0x8b]) },
  { ext: 'wasm', mimeType: 'application/wasm', matches: startsWith([0x00, 0x61, 0x73, 0x6d]) },
  { ext: 'mp3', mimeType: 'audio/mpeg', matches: startsWith(ascii('ID3')) },
  {
    ext: 'mp4',
    mimeType: 'video/mp4',
    aliases: ['m4a', 'm4v', 'mov'],
    matches: startsWith(ascii('ftyp'), 4),
  },
];

/** Extensions that name a binary format of the table: such a name must match the bytes. */
const BINARY_EXTENSIONS = new Set(SIGNATURES.flatMap((s) => [s.ext, ...(s.aliases ?? [])]));

/** MIME types by extension for files without a signature (text, mostly). */
const MIME_BY_EXTENSION: Readonly<Record<string, string>> = {
  txt: 'text/plain',
  md: 'text/markdown',
  csv: 'text/csv',
  json: 'application/json',
  js: 'text/javascript',
  mjs: 'text/javascript',
  jsx: 'text/javascript',
  ts: 'text/plain',
  tsx: 'text/plain',
  py: 'text/x-python',
  go: 'text/plain',
  rs: 'text/plain',
  java: 'text/x-java',
  cs: 'text/plain',
  cpp: 'text/x-c++',
  c: 'text/x-c',
  h: 'text/x-c',
  css: 'text/css',
  html: 'text/html',
  htm: 'text/html',
  xml: 'application/xml',
  svg: 'image/svg+xml',
  yaml: 'text/yaml',
  yml: 'text/yaml',
  bin: 'application/octet-stream',
};

/** Raster images: the only files served inline. */
export const INLINE_IMAGE_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);

/**
 * Types a user's file may be served as when it downloads: data no browser runs
 * under `nosniff`. Anything else — scripts and modules (.js, .mjs), styles (.css),
 * pages (html, svg, xml), wasm — goes out as application/octet-stream, so that no
 * page of our origin can load an upload as script or style (`script-src 'self'`
 * would allow it).
 */
const PASSIVE_TYPES: ReadonlySet<string> = new Set([
  'text/plain',
  'text/markdown',
  'text/csv',
  'text/yaml',
  'text/x-python',
  'text/x-java',
  'text/x-c',
  'text/x-c++',
  'application/json',
  'application/pdf',
  'application/zip',
  'application/gzip',
  'audio/mpeg',
  'video/mp4',
]);

/** The Content-Type a stored file is served with (`inline`: a raster image shown as such). */
export function servedContentType(mimeType: string, inline: boolean): string {
  if (inline && INLINE_IMAGE_TYPES.has(mimeType)) return mimeType;
  if (!PASSIVE_TYPES.has(mimeType)) return 'application/octet-stream';
  return mimeType.startsWith('text/') ? `${mimeType}; charset=utf-8` : mimeType;
}

/** The signature the first bytes match, or null. */
export function detectType(head: Buffer): DetectedType | null {
  const found = SIGNATURES.find((s) => s.matches(head));
  return found ? { ext: found.ext, mimeType: found.mimeType, aliases: found.aliases } : null;
}

/** Lower-cased extension of a file name ('' when none). */
export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
}

/** MIME type by extension alone (what the file is served as). */
export function mimeTypeForExtension(ext: string): string {
  const signature = SIGNATURES.find((s) => s.ext === ext || s.aliases?.includes(ext));
  if (signature) return signature.mimeType;
  return MIME_BY_EXTENSION[ext] ?? 'application/octet-stream';
}

/** True when the bytes look like text (no NUL, valid UTF-8 apart from a cut last character). */
export function looksLikeText(head: Buffer): boolean {
  if (head.includes(0)) return false;
  const decoded = new TextDecoder('utf-8', { fatal: false }).decode(head);
  // Allow a replacement character only at the very end: the sample may cut a character in two.
  const trimmed = decoded.replace(/\uFFFD{1,3}$/, '');
  return !trimmed.includes('\uFFFD');
}

export interface NameAndType {
  /** The file name with its extension corrected to match the bytes. */
  name: string;
  mimeType: string;
}

/**
 * Corrects a file name to its content: a PNG named `x.jpg` becomes `x.png`;
 * a name claiming a binary format the bytes do not match becomes `.txt` (text)
 * or `.bin`; text and unknown files keep their name.
 */
export function correctName(name: string, head: Buffer): NameAndType {
  const ext = extensionOf(name);
  const stem = ext ? name.slice(0, -(ext.length + 1)) : name;
  const detected = detectType(head);
  if (detected) {
    if (ext === detected.ext || detected.aliases?.includes(ext)) {
      return { name, mimeType: mimeTypeForExtension(ext) };
    }
    return { name: `${stem}.${detected.ext}`, mimeType: detected.mimeType };
  }
  if (BINARY_EXTENSIONS.has(ext)) {
    return looksLikeText(head)
      ? { name: `${stem}.txt`, mimeType: 'text/plain' }
      : { name: `${stem}.bin`, mimeType: 'application/octet-stream' };
  }
  if (ext && MIME_BY_EXTENSION[ext]) return { name, mimeType: MIME_BY_EXTENSION[ext] };
  return { name, mimeType: looksLikeText(head) ? 'text/plain' : 'application/octet-stream' };
}
