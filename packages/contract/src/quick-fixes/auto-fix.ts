/**
 * Auto-fix (issue 52): when the preview of an AI answer fails to build or throws on start, one
 * Fix with AI is run for it — at most AUTO_FIX_MAX_ROUNDS per answer, and never again for the
 * same error. Pure: the generator's hook (use-auto-fix.ts in apps/web) keeps the chain and
 * does what `nextAutoFixStep` says.
 */
import type { PreviewProblem } from '../preview.ts';

export const AUTO_FIX_MAX_ROUNDS = 2;

export const AUTO_FIX_MESSAGES = {
  round: (n: number) =>
    `Auto-fix, round ${n} of ${AUTO_FIX_MAX_ROUNDS}: Fix with AI sends the error to the model. It uses one edit.`,
  repeated:
    'Auto-fix stopped: the same error came back after a fix. Fix it by hand, or ask for the change in other words.',
  exhausted: `Auto-fix stopped after ${AUTO_FIX_MAX_ROUNDS} rounds. Fix the rest by hand, or ask for the change in other words.`,
} as const;

/** The fixes run for one answer and its fixes, and the error the last one was for. */
export interface AutoFixChain {
  rounds: number;
  /** The error the last round was sent for (kind and message), or null. */
  last: string | null;
}

export const NEW_AUTO_FIX_CHAIN: AutoFixChain = { rounds: 0, last: null };

export type AutoFixStep =
  | { kind: 'none' }
  | { kind: 'fix'; chain: AutoFixChain; message: string }
  | { kind: 'stop'; message: string };

/** An error that the preview stopped on: a build error, or one thrown as the code started. */
function failureOf(problems: readonly PreviewProblem[]): PreviewProblem | undefined {
  return problems.find((p) => p.kind !== 'console' && p.kind !== 'blocked');
}

/** What to do once the run of an answer's code has settled with `problems`. */
export function nextAutoFixStep(
  chain: AutoFixChain,
  problems: readonly PreviewProblem[],
): AutoFixStep {
  const failure = failureOf(problems);
  if (!failure) return { kind: 'none' };
  const signature = `${failure.kind}\n${failure.message}`;
  if (chain.last === signature) return { kind: 'stop', message: AUTO_FIX_MESSAGES.repeated };
  if (chain.rounds >= AUTO_FIX_MAX_ROUNDS)
    return { kind: 'stop', message: AUTO_FIX_MESSAGES.exhausted };
  const rounds = chain.rounds + 1;
  return {
    kind: 'fix',
    chain: { rounds, last: signature },
    message: AUTO_FIX_MESSAGES.round(rounds),
  };
}
