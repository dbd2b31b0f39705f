/**
 * A model's answer across a project's files (issue 46, docs/decisions/048) turned into the tree
 * it proposes: whole files written, SEARCH/REPLACE blocks applied to the files they name, files
 * deleted. As for one file (edit-answer.ts, decision 016) an answer cut off is refused whole,
 * failed blocks get exactly one retry, and the result is a proposal for the review — written
 * nowhere here. A section that cannot be used (a bad path, a file that does not exist for an
 * edit or a delete, the main file deleted) is refused for that file with a message and the
 * others still apply; an answer without tags is the main file's, as a one-file answer always was.
 */
import { extractCode, fenceTagFor } from './ai.ts';
import { EDIT_ANSWER_MESSAGES, type EditRefusal, isCutOff } from './edit-answer.ts';
import { describeFailure, EDIT_RETRY_HEADING } from './edit-prompts.ts';
import {
  applySearchReplaceBlocks,
  type BlockResult,
  parseSearchReplaceBlocks,
} from './search-replace.ts';
import { parseTreeAnswer, type SectionProblem, type TreeSection } from './tree-answer-parse.ts';

export type TreeRefusal = EditRefusal | 'files-refused';

export const TREE_ANSWER_MESSAGES: Readonly<Record<TreeRefusal, string>> = {
  ...EDIT_ANSWER_MESSAGES,
  'files-refused': 'No file of the answer could be used, so nothing was changed.',
};

/** Blocks of one file that were not applied. */
export interface FileBlockFailures {
  path: string;
  failed: BlockResult[];
}

export interface TreeAnswerInput {
  /** The project's files (path → content) the prompt was built from; for a retry `pending.files`. */
  files: ReadonlyMap<string, string>;
  /** The main file (the project's code): it may be edited, never deleted. */
  mainPath: string;
  /** Language label, for the fences of the retry message. */
  language: string;
  text: string;
  finishReason: string;
  /** 1 for the first answer, 2 for the answer to the retry message (no further retry). */
  attempt?: 1 | 2;
  /** Attempt 2: what attempt 1 left (`pending` of its retry result). */
  pending?: TreePending;
}

/** What the retry's answer applies to: pass it back with `attempt: 2` (`files` as the input's). */
export interface TreePending {
  files: ReadonlyMap<string, string>;
  /** Files refused by the first answer (still reported with the result). */
  refused: SectionProblem[];
  /** Sections the first answer used (whole files, deletes and applied blocks). */
  appliedBefore: number;
}

export type TreeAnswerResult =
  | {
      status: 'ready';
      /** The whole tree as the answer would leave it: review it against the project's files. */
      files: Map<string, string>;
      /** Sections not used, each with a message naming its file. */
      refused: SectionProblem[];
      /** Blocks still not applied after the retry: their changes are missing. */
      unapplied: FileBlockFailures[];
      explanation: string;
    }
  | {
      status: 'retry';
      /** Send as the last user message after the prompt and the answer (buildEditRetryMessages). */
      retry: string;
      pending: TreePending;
      failed: FileBlockFailures[];
    }
  | { status: 'refused'; reason: TreeRefusal; message: string; refused: SectionProblem[] };

const refuse = (reason: TreeRefusal, refused: SectionProblem[] = []): TreeAnswerResult => ({
  status: 'refused',
  reason,
  message:
    reason === 'files-refused'
      ? `${TREE_ANSWER_MESSAGES[reason]} ${refused.map((r) => r.message).join(' ')}`
      : TREE_ANSWER_MESSAGES[reason],
  refused,
});

/** An answer without tags: the main file's, whole (a fenced block) or as blocks. */
function untaggedSections(
  text: string,
  mainPath: string,
): { sections: TreeSection[]; refusal: TreeRefusal | null } {
  const blocks = parseSearchReplaceBlocks(text);
  if (blocks.unterminated) return { sections: [], refusal: 'incomplete' };
  if (blocks.blocks.length > 0)
    return { sections: [{ kind: 'edit', path: mainPath, blocks: blocks.blocks }], refusal: null };
  const fences = text.match(/^[ \t]*(`{3,}|~{3,})/gm) ?? [];
  if (fences.length % 2 === 1) return { sections: [], refusal: 'incomplete' };
  const code = extractCode(text);
  if (code.trim() === '') return { sections: [], refusal: 'no-code' };
  return { sections: [{ kind: 'file', path: mainPath, content: code }], refusal: null };
}

/** The retry message: each file's failed blocks and why, and that applied ones stay applied. */
function retryMessage(failed: FileBlockFailures[], applied: number, language: string): string {
  const tag = fenceTagFor(language);
  const parts = [EDIT_RETRY_HEADING, ''];
  for (const file of failed) {
    parts.push(`In ${file.path}:`, '');
    file.failed.forEach((result, i) => parts.push(describeFailure(result, i, tag), ''));
  }
  if (applied > 0)
    parts.push(`The other changes (${applied}) were applied: do not send them again.`, '');
  parts.push(
    'Answer with corrected SEARCH/REPLACE blocks for the failed blocks only, those of each file inside <edit path="…"> and </edit> lines. SEARCH must copy the current code exactly and match one place.',
  );
  return parts.join('\n');
}

/**
 * The tree an answer proposes, or why it is refused, or the retry to send. Refused whole: a
 * cut-off or stopped answer, a section or block that never closed, no code at all, or nothing
 * usable (every section refused, or every block failing after the retry).
 */
export function applyTreeAnswer(input: TreeAnswerInput): TreeAnswerResult {
  const { mainPath, text } = input;
  if (isCutOff(input.finishReason)) return refuse('cut-off');
  if (['stopped', 'error', 'content-filter'].includes(input.finishReason))
    return refuse('incomplete');

  const parsed = parseTreeAnswer(text);
  if (parsed.unterminated) return refuse('incomplete');
  let sections = parsed.sections;
  if (!parsed.tagged) {
    const untagged = untaggedSections(text, mainPath);
    if (untagged.refusal) return refuse(untagged.refusal);
    sections = untagged.sections;
  }

  const refused = [...(input.pending?.refused ?? []), ...parsed.problems];
  const files = new Map(input.files);
  const failed: FileBlockFailures[] = [];
  let applied = 0;
  for (const section of sections) {
    const { path } = section;
    const current = files.get(path);
    if (section.kind === 'file') {
      files.set(path, section.content);
      applied += 1;
    } else if (current === undefined) {
      refused.push({
        path,
        message: `${path}: the project has no such file${section.kind === 'edit' ? ' (a new file is sent whole)' : ''}.`,
      });
    } else if (section.kind === 'delete') {
      if (path === mainPath)
        refused.push({
          path,
          message: `${path}: it is the project's main file (its code) and cannot be deleted.`,
        });
      else {
        files.delete(path);
        applied += 1;
      }
    } else {
      const result = applySearchReplaceBlocks(current, section.blocks);
      files.set(path, result.code);
      applied += result.results.length - result.failed.length;
      if (result.failed.length > 0) failed.push({ path, failed: result.failed });
    }
  }

  const appliedBefore = input.pending?.appliedBefore ?? 0;
  if (failed.length > 0 && (input.attempt ?? 1) === 1)
    return {
      status: 'retry',
      retry: retryMessage(failed, applied, input.language),
      pending: { files, refused, appliedBefore: applied },
      failed,
    };
  if (applied + appliedBefore === 0)
    return failed.length > 0 ? refuse('blocks-failed', refused) : refuse('files-refused', refused);
  return { status: 'ready', files, refused, unapplied: failed, explanation: parsed.explanation };
}
