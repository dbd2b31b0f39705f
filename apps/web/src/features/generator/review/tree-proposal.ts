/**
 * The review's proposal while an edit across files (issue 46) streams: what the answer so far
 * would make of the main file, so its diff grows in the editor as for a one-file edit.
 */
import {
  applySearchReplaceBlocks,
  parseSearchReplaceBlocks,
  partialCode,
  partialEditSection,
  partialFileSection,
} from '@codewright/contract';
import { streamingProposal } from './review-hunks.ts';

const SECTION_TAG = /^[ \t]*<(file|edit|delete)[ \t]+path=/m;

/**
 * The main file as an answer still arriving would leave it: its `<file>` section so far, or the
 * blocks of its `<edit>` section complete so far; an answer without tags is the main file's
 * (decision 048), its fenced code or bare blocks. Unchanged while nothing of it has arrived.
 */
export function mainProposalSoFar(text: string, main: string, mainPath: string): string {
  const whole = partialFileSection(text, mainPath);
  if (whole !== null) return streamingProposal(main, whole);
  const edit = SECTION_TAG.test(text) ? partialEditSection(text, mainPath) : text;
  if (edit === null) return main;
  const { blocks } = parseSearchReplaceBlocks(edit);
  if (blocks.length > 0) return applySearchReplaceBlocks(main, blocks).code;
  if (edit !== text) return main;
  const partial = partialCode(text);
  return partial === null ? main : streamingProposal(main, partial);
}
