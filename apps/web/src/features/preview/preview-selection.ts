/**
 * An element chosen in the preview (issue 53), as the app keeps it: the frame only says where
 * the element's tag is written and what it shows, and code in the frame can say anything, so a
 * selection counts only when its file is one of the project's, and an opening tag of that very
 * name starts at that line and column there. Anything else is dropped without a word.
 */
import {
  elementAt,
  type ElementSource,
  type MarkupKind,
  parseSourceSpot,
  readableText,
  withElementClasses,
  withElementText,
} from '@codewright/contract';
import type { ProjectFileText, SelectedElement } from './sandbox/protocol.ts';

export interface PreviewSelection {
  /** The file the element's tag is in, and where (1-based, at its `<`). */
  path: string;
  line: number;
  column: number;
  tagName: string;
  /** What the element showed, as the frame said (text and classes, cut). */
  text: string;
  classes: string;
  kind: MarkupKind;
  /** The lines of the element's source: the selection an edit rewrites. */
  startLine: number;
  endLine: number;
  /** The element's text and classes as written, where a quick edit can change them. */
  editable: { text: string | null; classes: string | null };
}

export interface SelectionFiles {
  /** The file the preview runs, and its code now. */
  mainPath: string;
  code: string;
  /** The project's other files. */
  files: readonly ProjectFileText[];
  /** The code ran as an HTML page: its places are "line:column" of the main file. */
  html: boolean;
}

/**
 * The path the frame's `file` stands for: itself, or, when the code ran alone (no other files,
 * so the build named it `main.tsx` or `main.jsx` whatever the project calls it), the main file.
 */
function pathOf(where: SelectionFiles, file: string): string {
  return where.files.length === 0 ? where.mainPath : file;
}

/** The file's text at `path`, or null when it is not one of the project's. */
function fileText(where: SelectionFiles, path: string): string | null {
  if (path === where.mainPath) return where.code;
  return where.files.find((f) => f.path === path)?.content ?? null;
}

function found(
  where: SelectionFiles,
  spot: { file: string; line: number; column: number },
  tagName: string,
): { code: string; element: ElementSource; kind: MarkupKind } | null {
  const code = fileText(where, spot.file);
  if (code === null) return null;
  const kind: MarkupKind = where.html ? 'html' : 'jsx';
  const element = elementAt(code, spot.line, spot.column, kind);
  if (!element || element.tag.toLowerCase() !== tagName) return null;
  return { code, element, kind };
}

/** The selection the frame reports, checked against the files; null when it does not hold. */
export function resolveSelection(
  reported: SelectedElement,
  where: SelectionFiles,
): PreviewSelection | null {
  // An HTML page's tags carry only "line:column" (annotateHtml): of the main file.
  if (where.html && !/^\d{1,7}:\d{1,7}$/.test(reported.source)) return null;
  const parsed = parseSourceSpot(
    where.html ? `${where.mainPath}:${reported.source}` : reported.source,
  );
  if (!parsed) return null;
  const spot = { ...parsed, file: pathOf(where, parsed.file) };
  const hit = found(where, spot, reported.tagName);
  if (!hit) return null;
  const { element } = hit;
  return {
    path: spot.file,
    line: spot.line,
    column: spot.column,
    tagName: reported.tagName,
    text: reported.text,
    classes: reported.classes,
    kind: hit.kind,
    startLine: element.startLine,
    endLine: element.endLine,
    editable: {
      text: element.text ? readableText(element.text.value) : null,
      classes: element.dynamicClasses ? null : (element.classes?.value ?? ''),
    },
  };
}

/** How the composer's chip names it: `button in Counter.tsx:12`. */
export function selectionLabel(selection: PreviewSelection): string {
  return `${selection.tagName} in ${selection.path.split('/').at(-1)}:${selection.line}`;
}

/** A change the quick panel asks for: new text, new classes, or both. */
export interface QuickEditRequest {
  text?: string;
  classes?: string;
}

/** A quick edit as the review takes it: the file, its new content, and a title. */
export interface QuickEdit {
  path: string;
  title: string;
  code: string;
}

/**
 * The file with the selected element's text or classes changed (a minimal text edit), or a
 * sentence saying why not: the element is no longer where it was, or the change cannot be made
 * there (classes built by an expression, text beside other elements, a quote in a class name).
 */
export function quickEditOf(
  selection: PreviewSelection,
  request: QuickEditRequest,
  where: SelectionFiles,
): QuickEdit | string {
  const spot = { file: selection.path, line: selection.line, column: selection.column };
  const hit = found(where, spot, selection.tagName);
  if (!hit) return 'That element has moved in the code since it was selected. Select it again.';
  let code = hit.code;
  const changes: string[] = [];
  try {
    if (request.classes !== undefined && request.classes !== (hit.element.classes?.value ?? '')) {
      code = withElementClasses(code, hit.element, request.classes, hit.kind);
      changes.push('classes');
    }
    // The class edit may have moved the text: find the element again in the new code.
    const now = elementAt(code, selection.line, selection.column, hit.kind);
    const nowText = now?.text ? readableText(now.text.value) : undefined;
    if (request.text !== undefined && now && request.text !== nowText) {
      code = withElementText(code, now, request.text, hit.kind);
      changes.push('text');
    }
  } catch (err) {
    // The edits' refusals say why (a quote in a class name, classes built by code).
    return err instanceof RangeError ? err.message : String(err);
  }
  if (changes.length === 0) return 'Nothing to change: the text and classes are as written.';
  const what = changes.join(' and ');
  return {
    path: selection.path,
    code,
    title: `Change the ${what} of ${selectionLabel(selection)}`,
  };
}
