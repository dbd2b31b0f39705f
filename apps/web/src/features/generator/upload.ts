import { GENERATOR_UPLOAD_MAX_BYTES, MESSAGES } from '@codewright/contract';

/** Code files the generator accepts (SPEC §5). */
export const CODE_EXTENSIONS = [
  'txt',
  'js',
  'ts',
  'py',
  'go',
  'rs',
  'java',
  'cs',
  'cpp',
  'c',
  'json',
  'html',
  'css',
  'jsx',
  'tsx',
] as const;

const IMAGE_TYPES: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
};
const IMAGE_EXTENSIONS = ['png', 'jpg', 'jpeg', 'gif', 'webp'];

/** The `accept` attribute of the upload input: the code extensions plus the four image types. */
export const UPLOAD_ACCEPT = [
  ...CODE_EXTENSIONS.map((e) => `.${e}`),
  ...Object.keys(IMAGE_TYPES),
].join(',');

export type UploadKind =
  { kind: 'code' } | { kind: 'image'; extension: string } | { kind: 'rejected'; message: string };

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}

/** What the generator does with a picked file (SPEC §5): size first, then code, image or refuse. */
export function classifyUpload(file: { name: string; size: number; type: string }): UploadKind {
  if (file.size > GENERATOR_UPLOAD_MAX_BYTES)
    return { kind: 'rejected', message: MESSAGES.fileTooLarge };
  const extension = extensionOf(file.name);
  if ((CODE_EXTENSIONS as readonly string[]).includes(extension)) return { kind: 'code' };
  const byType = IMAGE_TYPES[file.type];
  if (byType) return { kind: 'image', extension: byType };
  if (IMAGE_EXTENSIONS.includes(extension) && (!file.type || file.type.startsWith('image/')))
    return { kind: 'image', extension: extension === 'jpeg' ? 'jpg' : extension };
  return { kind: 'rejected', message: MESSAGES.uploadCodeOrImage };
}

/** Storage path of an uploaded image (SPEC §3): `uploads/{userId}/{timestamp}.{ext}`. */
export function imagePath(userId: string, extension: string, now = Date.now()): string {
  return `uploads/${userId}/${now}.${extension}`;
}

/** The prompt an uploaded image leaves in the box: a request to analyse it, URL included. */
export function imagePrompt(publicUrl: string): string {
  return `Analyze this image and write code based on it: ${publicUrl}`;
}
