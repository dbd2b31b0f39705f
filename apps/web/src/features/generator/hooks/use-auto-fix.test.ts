// @vitest-environment jsdom
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { AUTO_FIX_MESSAGES, type PreviewProblem } from '@codewright/contract';
import { type Landing, useAutoFix } from './use-auto-fix.ts';

afterEach(() => {
  cleanup();
  localStorage.clear();
});

const CODE = 'export default function App() { return null.title; }';
const thrown: PreviewProblem[] = [
  {
    kind: 'runtime',
    message: "TypeError: Cannot read properties of null (reading 'title')",
    line: 1,
    column: 40,
  },
];

/** The hook after an answer landed and its run settled with `thrown`, auto-fix off. */
function landedWithError() {
  const sent: PreviewProblem[][] = [];
  const hook = renderHook(
    ({ landed }: { landed: Landing }) =>
      useAutoFix({ landed, readCode: () => CODE, sendFix: (p) => sent.push(p) }),
    { initialProps: { landed: { seq: 0, source: 'generate' } as Landing } },
  );
  hook.rerender({ landed: { seq: 1, source: 'generate' } });
  act(() => hook.result.current.onSettled({ code: CODE, problems: thrown }));
  return { hook, sent };
}

describe('useAutoFix', () => {
  it('counts a round only once its fix has landed, not when its send was refused', () => {
    const { hook, sent } = landedWithError();
    // Switched on and off three times with the send refused each time (a review open): no fix
    // ever landed, so each is still round 1 and the rounds are never used up.
    for (let i = 0; i < 3; i++) {
      act(() => hook.result.current.toggle());
      act(() => hook.result.current.toggle());
    }
    expect(sent).toHaveLength(3);
    expect(hook.result.current.notice).toBeNull();
  });

  it('stops when the same error comes back after a fix landed', () => {
    const { hook, sent } = landedWithError();
    act(() => hook.result.current.toggle());
    expect(sent).toHaveLength(1);
    hook.rerender({ landed: { seq: 2, source: 'fix' } });
    act(() => hook.result.current.onSettled({ code: CODE, problems: thrown }));
    expect(sent).toHaveLength(1);
    expect(hook.result.current.notice).toBe(AUTO_FIX_MESSAGES.repeated);
  });
});
