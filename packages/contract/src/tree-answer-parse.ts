/**
 * The answer format of an AI request across a project's files (issue 46, docs/decisions/048):
 * each file the answer touches is one section, its tags alone on their lines —
 *
 *   <file path="src/App.jsx">        the whole new content (a new file, or one replaced)
 *   </file>
 *   <edit path="src/util.js">        SEARCH/REPLACE blocks against the current file
 *   </edit>
 *   <delete path="old.css" />        the file is removed
 *
 * Prose between sections is the explanation. Parsing is strict: a section's path must be a
 * project path (data.ts projectFilePathProblem), each path is named once, and a section that
 * never closes means the answer was cut off. Nothing here knows the project's files: applying
 * (tree-answer.ts) refuses an edit or delete of a file that does not exist.
 */
import { projectFilePathProblem } from './data.ts';
import { splitLines } from './line-diff.ts';
import { parseSearchReplaceBlocks, type SearchReplaceBlock } from './search-replace.ts';

export type TreeSection =
  | { kind: 'file'; path: string; content: string }
  | { kind: 'edit'; path: string; blocks: SearchReplaceBlock[] }
  | { kind: 'delete'; path: string };

/** A section not used, and why (a sentence for the user, naming the path). */
export interface SectionProblem {
  path: string;
  message: string;
}

export interface ParsedTreeAnswer {
  /** The usable sections, in answer order, at most one per path. */
  sections: TreeSection[];
  /** Sections refused as written: a bad path, a path named twice, an edit without blocks. */
  problems: SectionProblem[];
  /** True when any section tags opened (`<file …>` / `<edit …>` / `<delete …/>`). */
  tagged: boolean;
  /** True when a section never closed: the answer was cut off, and nothing of it may be used. */
  unterminated: boolean;
  /** The prose outside the sections, trimmed. */
  explanation: string;
}

const OPEN = /^[ \t]*<(file|edit)[ \t]+path="([^"]*)"[ \t]*>[ \t]*$/;
const DELETE = /^[ \t]*<delete[ \t]+path="([^"]*)"[ \t]*\/?>[ \t]*(?:<\/delete>[ \t]*)?$/;
const CLOSE = { file: /^[ \t]*<\/file>[ \t]*$/, edit: /^[ \t]*<\/edit>[ \t]*$/ } as const;
const FENCE = /^[ \t]*(`{3,}|~{3,})[^`~]*$/;

/** A file section's lines without the code fence a model may wrap them in. */
function unfenced(lines: string[]): string {
  const first = lines.findIndex((l) => l.trim() !== '');
  let last = lines.length - 1;
  while (last > first && lines[last]!.trim() === '') last--;
  const open = first === -1 ? null : FENCE.exec(lines[first]!);
  if (open && last > first) {
    const marker = open[1]!;
    const closing = lines[last]!.trim();
    if (
      closing[0] === marker[0] &&
      /^(`{3,}|~{3,})$/.test(closing) &&
      closing.length >= marker.length
    )
      return lines.slice(first + 1, last).join('\n');
  }
  return lines.join('\n');
}

/** One piece of an answer, line by line: prose, or a section (still open while it streams). */
export type TreeAnswerPiece =
  | { kind: 'prose'; line: string }
  | { kind: 'delete'; path: string }
  | { kind: 'file' | 'edit'; path: string; body: string[]; closed: boolean };

/**
 * An answer cut into prose lines and sections by the tag rules (tags alone on their lines; only
 * a section's own closing line ends it) — what the parser and the chat's view of an answer read.
 */
export function scanTreeAnswer(text: string): TreeAnswerPiece[] {
  const lines = splitLines(text.replace(/\r\n/g, '\n'));
  const pieces: TreeAnswerPiece[] = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i++]!;
    const deleted = DELETE.exec(line);
    const open = deleted ? null : OPEN.exec(line);
    if (deleted) pieces.push({ kind: 'delete', path: deleted[1]! });
    else if (!open) pieces.push({ kind: 'prose', line });
    else {
      const kind = open[1] as 'file' | 'edit';
      const body: string[] = [];
      while (i < lines.length && !CLOSE[kind].test(lines[i]!)) body.push(lines[i++]!);
      const closed = i < lines.length;
      if (closed) i++;
      pieces.push({ kind, path: open[2]!, body, closed });
    }
  }
  return pieces;
}

/** The sections of an answer (see the file's comment), strictly. */
export function parseTreeAnswer(text: string): ParsedTreeAnswer {
  const found: TreeSection[] = [];
  const problems: SectionProblem[] = [];
  const prose: string[] = [];
  let tagged = false;
  for (const piece of scanTreeAnswer(text)) {
    if (piece.kind === 'prose') {
      prose.push(piece.line);
      continue;
    }
    tagged = true;
    if (piece.kind === 'delete') {
      found.push(piece);
      continue;
    }
    if (!piece.closed)
      return { sections: [], problems, tagged, unterminated: true, explanation: '' };
    if (piece.kind === 'file')
      found.push({ kind: 'file', path: piece.path, content: unfenced(piece.body) });
    else {
      const parsed = parseSearchReplaceBlocks(piece.body.join('\n'));
      if (parsed.unterminated)
        return { sections: [], problems, tagged, unterminated: true, explanation: '' };
      found.push({ kind: 'edit', path: piece.path, blocks: parsed.blocks });
    }
  }

  const times = new Map<string, number>();
  for (const s of found) times.set(s.path, (times.get(s.path) ?? 0) + 1);
  const sections: TreeSection[] = [];
  const reported = new Set<string>();
  for (const s of found) {
    const problem = projectFilePathProblem(s.path);
    const message = problem
      ? `the path ${problem}`
      : times.get(s.path)! > 1
        ? 'the answer names this file more than once'
        : s.kind === 'edit' && s.blocks.length === 0
          ? 'the edit holds no SEARCH/REPLACE blocks'
          : null;
    if (message === null) sections.push(s);
    else if (!reported.has(s.path)) {
      reported.add(s.path);
      problems.push({ path: s.path, message: `${s.path || '(no path)'}: ${message}.` });
    }
  }
  return {
    sections,
    problems,
    tagged,
    unterminated: false,
    explanation: prose.join('\n').trim(),
  };
}

/** `path`'s first `kind` section of the answer so far, or null before its opening tag. */
function sectionLines(
  text: string,
  path: string,
  kind: 'file' | 'edit',
): { body: string[]; closed: boolean } | null {
  for (const piece of scanTreeAnswer(text))
    if (piece.kind === kind && piece.path === path)
      // A tag on the last line may still be arriving: nothing of the section yet.
      return piece.closed || piece.body.length > 0 ? piece : null;
  return null;
}

/**
 * The content of `path`'s `<file>` section as far as an answer still arriving has it (a fence
 * line opening it left out), or null before its opening tag has arrived — what a generation
 * across files shows in the editor while it streams.
 */
export function partialFileSection(text: string, path: string): string | null {
  const section = sectionLines(text, path, 'file');
  if (!section) return null;
  const { body } = section;
  if (section.closed) return unfenced(body);
  // Still arriving: its last line may be incomplete, and a fence opening it is not code.
  body.pop();
  if (body.length > 0 && FENCE.test(body[0]!)) body.shift();
  return body.join('\n');
}

/**
 * The SEARCH/REPLACE text of `path`'s `<edit>` section as far as it has arrived, or null before
 * its opening tag — the blocks complete so far give the review's proposal while it streams.
 */
export function partialEditSection(text: string, path: string): string | null {
  const section = sectionLines(text, path, 'edit');
  return section ? section.body.join('\n') : null;
}
