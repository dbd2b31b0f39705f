/**
 * Auto-fix in the generator (issue 52; the rule is packages/contract/src/quick-fixes/auto-fix.ts): once an AI answer's code reaches the editor,
 * the preview's settled run of it decides. Off, Fix with AI is only offered; on (the banner's
 * switch, kept on this device), a round runs by itself, says so first, and goes through the
 * review like any edit. Switching it on runs a round for the error on screen at once.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import {
  type AutoFixChain,
  NEW_AUTO_FIX_CHAIN,
  nextAutoFixStep,
  type PreviewProblem,
} from '@codewright/contract';
import type { EditSource } from './use-edit-review.ts';

const STORAGE_KEY = 'codewright.preview.autoFix';

/** An AI answer's code reached the editor: the `seq`th, made by a generation or an edit. */
export interface Landing {
  seq: number;
  source: 'generate' | EditSource;
}

/** A run of the preview that ended (ready, failed to build, failed or stopped). */
export interface SettledRun {
  code: string;
  problems: readonly PreviewProblem[];
}

function stored(): boolean {
  try {
    return localStorage.getItem(STORAGE_KEY) === '1';
  } catch {
    return false;
  }
}

export function useAutoFix(input: {
  landed: Landing;
  readCode: () => string;
  sendFix: (problems: PreviewProblem[]) => void;
}) {
  const { landed } = input;
  const [on, setOn] = useState(stored);
  const [notice, setNotice] = useState<string | null>(null);
  const latest = useRef(input);
  useEffect(() => {
    latest.current = input;
  });
  const chain = useRef(NEW_AUTO_FIX_CHAIN);
  /**
   * The chain once the round asked for has run: a round counts when its fix lands, never when
   * its send was refused (a review open, the plan's limit, another answer writing).
   */
  const proposed = useRef<AutoFixChain | null>(null);
  const pending = useRef(false);
  const lastRun = useRef<SettledRun | null>(null);
  const seen = useRef(landed.seq);
  useEffect(() => {
    if (landed.seq === seen.current) return;
    seen.current = landed.seq;
    // A fix's answer continues its answer's rounds, counting its own; any other starts anew.
    if (landed.source !== 'fix') chain.current = NEW_AUTO_FIX_CHAIN;
    else if (proposed.current) chain.current = proposed.current;
    proposed.current = null;
    pending.current = true;
    setNotice(null);
  }, [landed]);

  const act = useCallback((problems: readonly PreviewProblem[]) => {
    const step = nextAutoFixStep(chain.current, problems);
    if (step.kind === 'none') return;
    if (step.kind === 'stop') {
      setNotice(step.message);
      toast.info(step.message);
      return;
    }
    proposed.current = step.chain;
    setNotice(null);
    toast.info(step.message);
    latest.current.sendFix([...problems]);
  }, []);

  const onSettled = useCallback(
    (run: SettledRun) => {
      lastRun.current = run;
      if (!pending.current || run.code !== latest.current.readCode()) return;
      pending.current = false;
      if (on) act(run.problems);
    },
    [on, act],
  );

  const toggle = useCallback(() => {
    const next = !on;
    setOn(next);
    try {
      localStorage.setItem(STORAGE_KEY, next ? '1' : '0');
    } catch {
      // Storage refused (private mode): the switch holds for this page only.
    }
    const run = lastRun.current;
    if (next && run && run.code === latest.current.readCode()) act(run.problems);
  }, [on, act]);

  return { on, toggle, notice, onSettled };
}
