/**
 * The lines Edit selection rewrites (Ctrl/Cmd+K, docs/decisions/022): a Monaco selection made
 * into whole lines, 1-based and inclusive, as `LineRange` of packages/contract/src/edit-format.ts.
 */

/** Lines of a selection, 1-based and inclusive. */
export interface SelectedLines {
  startLine: number;
  endLine: number;
}

/** A selection as Monaco gives it: start before end, 1-based lines and columns. */
export interface EditorSelection {
  startLineNumber: number;
  startColumn: number;
  endLineNumber: number;
  endColumn: number;
}

export interface SelectedLinesOptions {
  /** An empty selection (a caret) gives the caret's line; otherwise null. */
  orCursorLine?: boolean;
  /** Monaco's `getLineMaxColumn`: the column after a line's last character. */
  lineMaxColumn?: (line: number) => number;
}

/**
 * The whole lines a selection covers. A line none of whose text is selected is left out: the
 * line a selection ends on at column 1, and (given `lineMaxColumn`) the line it starts on after
 * that line's last character. A selection of nothing but a line break gives the line it starts
 * on. Selecting the whole file (Ctrl+A) gives every line, except an empty last line after the
 * final line break. An empty selection gives null, or the caret's line with `orCursorLine`.
 */
export function selectedLines(
  s: EditorSelection,
  options: SelectedLinesOptions = {},
): SelectedLines | null {
  const empty = s.startLineNumber === s.endLineNumber && s.startColumn === s.endColumn;
  if (empty)
    return options.orCursorLine
      ? { startLine: s.startLineNumber, endLine: s.startLineNumber }
      : null;
  let startLine = s.startLineNumber;
  let endLine = s.endLineNumber;
  if (endLine > startLine && s.endColumn === 1) endLine--;
  if (
    endLine > startLine &&
    options.lineMaxColumn &&
    s.startColumn >= options.lineMaxColumn(startLine)
  )
    startLine++;
  return { startLine, endLine };
}

/**
 * `range` kept within a text of `lineCount` lines (at least line 1): the editor's remembered
 * selection can outlive lines that a restore or an accepted edit removed.
 */
export function clampLines(range: SelectedLines, lineCount: number): SelectedLines {
  const last = Math.max(1, lineCount);
  const startLine = Math.min(Math.max(1, range.startLine), last);
  return { startLine, endLine: Math.min(Math.max(startLine, range.endLine), last) };
}
