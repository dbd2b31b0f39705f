import { describe, expect, it } from 'vitest';
import { replaceLines } from '@codewright/contract';
import {
  acceptedCode,
  proposedCode,
  rebaseHunks,
  streamingProposal,
  type HunkDecision,
} from './review-hunks.ts';

const text = (...lines: string[]) => lines.join('\n');
const base = text('a', 'b', 'c', 'd', 'e', 'f', 'g');
// The AI changes the top and the bottom: two hunks.
const proposal = text('TOP', 'a', 'b', 'c', 'd', 'e', 'f', 'g', 'BOTTOM');

describe('rebaseHunks', () => {
  it('without typing: the hunks of base → proposal', () => {
    const { hunks, dropped } = rebaseHunks(base, proposal, base);
    expect(dropped).toBe(0);
    expect(hunks.map((h) => h.added)).toEqual([['TOP'], ['BOTTOM']]);
  });

  it('moves the hunks onto what the user typed meanwhile, keeping the typing', () => {
    const typed = text('a', 'b', 'typed 1', 'typed 2', 'c', 'd', 'e', 'f', 'g');
    const { hunks, dropped } = rebaseHunks(base, proposal, typed);
    expect(dropped).toBe(0);
    const all: HunkDecision[] = ['accepted', 'accepted'];
    expect(acceptedCode(typed, hunks, all)).toBe(
      text('TOP', 'a', 'b', 'typed 1', 'typed 2', 'c', 'd', 'e', 'f', 'g', 'BOTTOM'),
    );
    expect(acceptedCode(typed, hunks, ['rejected', 'accepted'])).toBe(`${typed}\nBOTTOM`);
  });

  it('leaves out a hunk that touches lines the user changed, and reports it', () => {
    const aiChangesD = text('a', 'b', 'c', 'D!', 'e', 'f', 'g', 'BOTTOM');
    const userChangedD = text('a', 'b', 'c', 'mine', 'e', 'f', 'g');
    const { hunks, dropped } = rebaseHunks(base, aiChangesD, userChangedD);
    expect(dropped).toBe(1);
    expect(acceptedCode(userChangedD, hunks, ['accepted'])).toBe(`${userChangedD}\nBOTTOM`);
  });

  it('treats two insertions at the same place as overlapping', () => {
    const userTop = text('mine', 'a', 'b', 'c', 'd', 'e', 'f', 'g');
    const { hunks, dropped } = rebaseHunks(base, proposal, userTop);
    expect(dropped).toBe(1);
    expect(hunks.map((h) => h.added)).toEqual([['BOTTOM']]);
  });
});

describe('an edit of a selection while the user keeps typing', () => {
  // Edit selection of lines 3–4 ("c", "d"): the answer replaces only that range of the base.
  const range = { startLine: 3, endLine: 4 };
  const answer = replaceLines(base, range, text('C', 'd', 'added'));

  it.each([
    {
      name: 'lands on the same lines after typing above them moved them down',
      typed: text('typed', 'a', 'b', 'c', 'd', 'e', 'f', 'g'),
      dropped: 0,
      accepted: text('typed', 'a', 'b', 'C', 'd', 'added', 'e', 'f', 'g'),
    },
    {
      name: 'keeps typing below the range and inside it where the answer changed nothing',
      typed: text('a', 'b', 'c', 'd', 'e', 'f', 'g', 'typed'),
      dropped: 0,
      accepted: text('a', 'b', 'C', 'd', 'added', 'e', 'f', 'g', 'typed'),
    },
    {
      name: 'leaves out the part of the answer on a line the user changed, never writing over it',
      typed: text('a', 'b', 'mine', 'd', 'e', 'f', 'g'),
      dropped: 1,
      accepted: text('a', 'b', 'mine', 'd', 'added', 'e', 'f', 'g'),
    },
  ])('$name', ({ typed, dropped, accepted }) => {
    const rebased = rebaseHunks(base, answer, typed);
    expect(rebased.dropped).toBe(dropped);
    const all = rebased.hunks.map((): HunkDecision => 'accepted');
    expect(acceptedCode(typed, rebased.hunks, all)).toBe(accepted);
  });
});

describe('proposedCode and acceptedCode', () => {
  it('show every hunk not rejected, and apply only the accepted ones', () => {
    const { hunks } = rebaseHunks(base, proposal, base);
    expect(proposedCode(base, hunks, ['rejected', 'undecided'])).toBe(`${base}\nBOTTOM`);
    expect(acceptedCode(base, hunks, ['rejected', 'undecided'])).toBe(base);
  });
});

describe('streamingProposal', () => {
  it('keeps the rest of the file after the lines that arrived', () => {
    expect(streamingProposal(base, 'TOP\na\nb\n')).toBe(
      text('TOP', 'a', 'b', 'c', 'd', 'e', 'f', 'g'),
    );
  });

  it('counts a changed line as reaching its old line', () => {
    expect(streamingProposal(base, 'a\nB\n')).toBe(text('a', 'B', 'c', 'd', 'e', 'f', 'g'));
  });

  it('ignores the unfinished last line', () => {
    expect(streamingProposal(base, 'a\nb')).toBe(base);
  });
});
