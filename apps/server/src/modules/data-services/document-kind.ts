/**
 * What a document is, for extract-from-url and extract-from-blob (DESIGN §2c): HTML, PDF,
 * Markdown or plain text, from its first bytes, its media type and its file name, and how its
 * text is decoded.
 */
import type { DocumentKind } from '@codewright/contract';

const HTML_TYPES = new Set(['text/html', 'application/xhtml+xml']);
const MARKDOWN_TYPES = new Set(['text/markdown', 'text/x-markdown']);

/** Media types an extract-from-url fetch accepts (the answer is then sniffed). */
export const EXTRACT_ACCEPT = [
  'text/*',
  'application/pdf',
  'application/xhtml+xml',
  'application/octet-stream',
  'binary/octet-stream',
] as const;

const extensionOf = (name: string | null | undefined) =>
  (name ?? '').toLowerCase().match(/\.([a-z0-9]+)$/)?.[1] ?? '';

/** True when the bytes look like text: valid UTF-8 (or a UTF-16 BOM) and no NUL in the first KiB. */
function looksLikeText(bytes: Uint8Array): boolean {
  const head = bytes.subarray(0, 1024);
  if (head[0] === 0xfe || head[0] === 0xff) return true;
  if (head.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(0, 64 * 1024));
    return true;
  } catch {
    // A multi-byte character cut at 64 KiB is still text; anything else is not.
    try {
      new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(0, 64 * 1024 - 3));
      return true;
    } catch {
      return false;
    }
  }
}

/** The kind of a document, or null when it is none of HTML, PDF, Markdown and text. */
export function documentKindOf(input: {
  bytes: Uint8Array;
  mimeType: string;
  fileName?: string | null;
}): DocumentKind | null {
  const { bytes } = input;
  const mime = input.mimeType.toLowerCase();
  const ext = extensionOf(input.fileName);
  if (Buffer.from(bytes.subarray(0, 5)).toString('latin1') === '%PDF-') return 'pdf';
  if (mime === 'application/pdf' || ext === 'pdf') return null; // says PDF, is not one
  if (!looksLikeText(bytes)) return null;
  const start = Buffer.from(bytes.subarray(0, 512)).toString('utf8').trimStart().toLowerCase();
  if (HTML_TYPES.has(mime) || ext === 'html' || ext === 'htm') return 'html';
  if (MARKDOWN_TYPES.has(mime) || ext === 'md' || ext === 'markdown' || ext === 'mdx')
    return 'markdown';
  if (/^(<!doctype html|<html[\s>]|<head[\s>]|<body[\s>])/.test(start)) return 'html';
  return 'text';
}

/** Decodes text by its declared charset (or an HTML meta charset), UTF-8 otherwise. */
export function decodeText(bytes: Uint8Array, charset: string | null, kind: DocumentKind): string {
  let label = charset;
  if (!label && kind === 'html') {
    const head = Buffer.from(bytes.subarray(0, 2048)).toString('latin1');
    label = /<meta[^>]+charset\s*=\s*["']?([\w-]+)/i.exec(head)?.[1] ?? null;
  }
  try {
    return new TextDecoder(label ?? 'utf-8').decode(bytes);
  } catch {
    return new TextDecoder('utf-8').decode(bytes);
  }
}

/** The first Markdown heading (or a front-matter title) of a Markdown text. */
export function markdownTitle(text: string): string | null {
  if (text.startsWith('---')) {
    const end = text.indexOf('\n---', 3);
    const front = /^title:\s*["']?(.+?)["']?\s*$/m.exec(text.slice(0, end === -1 ? 0 : end));
    if (front?.[1]) return front[1].trim();
  }
  return /^#\s+(.+)$/m.exec(text)?.[1]?.trim() ?? null;
}
