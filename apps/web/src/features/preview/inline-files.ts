/**
 * An HTML main file's links to the project's own files (issue 45): `<link rel="stylesheet"
 * href="css/site.css">` and `<script src="app.js"></script>` become the files' text inline, so
 * the page runs in the sandbox (which loads nothing by path). Links to other hosts, and to
 * files the project does not have, stay as written; the rest of the page is untouched.
 */
import { folderOf, joinProjectPath } from '@codewright/contract';
import type { ProjectFileText } from './sandbox/protocol.ts';

const LINK = /<link\b[^>]*>/gi;
const SCRIPT = /<script\b([^>]*)>\s*<\/script\s*>/gi;
const ATTRIBUTE = (name: string) =>
  new RegExp(`(\\s${name}\\s*=\\s*)("[^"]*"|'[^']*'|[^\\s>]+)`, 'i');

/** An attribute's value in a tag's text, unquoted, or undefined. */
function valueOf(tag: string, name: string): string | undefined {
  const match = ATTRIBUTE(name).exec(tag);
  return match ? match[2]!.replace(/^["']|["']$/g, '') : undefined;
}

/** The project path a reference from the page at `base` names, or null (another host, outside). */
export function resolvePath(reference: string, base: string): string | null {
  if (/^[a-z][a-z0-9+.-]*:|^\/\//i.test(reference) || reference.startsWith('#')) return null;
  const clean = reference.split(/[?#]/)[0]!;
  return joinProjectPath(clean.startsWith('/') ? '' : folderOf(base), clean);
}

/** `html` (the file at `path`) with the stylesheets and scripts it links from `files` inline. */
export function inlineLinkedFiles(
  html: string,
  files: readonly ProjectFileText[],
  path = 'index.html',
): string {
  if (files.length === 0) return html;
  const byPath = new Map(files.map((f) => [f.path, f.content]));
  const fileOf = (reference: string | undefined) => {
    const target = reference === undefined ? null : resolvePath(reference, path);
    return target === null ? undefined : byPath.get(target);
  };
  return html
    .replace(LINK, (tag) => {
      if (!/\bstylesheet\b/i.test(valueOf(tag, 'rel') ?? '')) return tag;
      const css = fileOf(valueOf(tag, 'href'));
      return css === undefined ? tag : `<style>${css.replace(/<\/style/gi, '<\\/style')}</style>`;
    })
    .replace(SCRIPT, (tag, attrs: string) => {
      const js = fileOf(valueOf(tag, 'src'));
      if (js === undefined) return tag;
      const rest = attrs.replace(ATTRIBUTE('src'), '');
      return `<script${rest}>${js.replace(/<\/script/gi, '<\\/script')}</script>`;
    });
}
