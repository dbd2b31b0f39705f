import { GENERATOR_UPLOAD_MAX_BYTES, MESSAGES, type LanguageLabel } from '@codewright/contract';

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

/**
 * Documents the Upload button sends to the context instead (docs/decisions/024), when the server
 * reads documents: PDFs and Markdown. Plain .txt stays a code file (SPEC §5).
 */
export const CONTEXT_DOCUMENT_EXTENSIONS = ['pdf', 'md', 'markdown'] as const;

/** The `accept` of the upload input when documents become context. */
export const UPLOAD_ACCEPT_WITH_DOCUMENTS = [
  UPLOAD_ACCEPT,
  ...CONTEXT_DOCUMENT_EXTENSIONS.map((e) => `.${e}`),
  'application/pdf',
].join(',');

/** True for a file the Upload button attaches as context (a PDF or Markdown document). */
export function isContextDocument(file: { name: string; type: string }): boolean {
  const extension = extensionOf(file.name);
  return (
    (CONTEXT_DOCUMENT_EXTENSIONS as readonly string[]).includes(extension) ||
    file.type === 'application/pdf'
  );
}

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

/** Generator language of a code file's extension (SPEC §3 languages); null when none fits. */
const LANGUAGE_BY_EXTENSION: Readonly<Record<string, LanguageLabel>> = {
  js: 'JavaScript',
  jsx: 'JavaScript',
  ts: 'TypeScript',
  tsx: 'TypeScript',
  py: 'Python',
  go: 'Go',
  rs: 'Rust',
  java: 'Java',
  cs: 'C#',
  cpp: 'C++',
  c: 'C++',
};

/**
 * The language an uploaded code file switches the generator to, from its extension (`.py` →
 * Python, so highlighting and the download name `code.py` follow); null for files whose
 * extension names none of the generator's languages (.txt, .json, .html, .css).
 */
export function languageForFile(name: string): LanguageLabel | null {
  return LANGUAGE_BY_EXTENSION[extensionOf(name)] ?? null;
}
