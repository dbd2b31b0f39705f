import { useCallback, useEffect, useEffectEvent, useState } from 'react';

/** Before the first answer (and again after `retry`). */
export type Loading = { status: 'loading' };

/** Loading, an answer (`Ready`'s fields, status 'ready') or a failure's message. */
export type LoadState<Ready extends object> =
  Loading | ({ status: 'ready' } & Ready) | { status: 'error'; message: string };

export interface LoadOptions<S, T> {
  /** The call; its answer is dropped once the signal is aborted (unmount, a new `key`). */
  load: (signal: AbortSignal) => Promise<T>;
  /** The state of an answer. */
  ready: (value: T) => S;
  /** The state of a failure. */
  failed: (error: unknown) => S;
}

/**
 * Loads on mount and again whenever `key` changes (null: nothing is loaded), aborting the call
 * before. `retry` shows Loading and loads again; `reload` loads again keeping what is shown.
 * `setState` lets the caller change what is shown after an action.
 */
export function useLoad<S extends { status: string }, T>(
  key: string | null,
  { load, ready, failed }: LoadOptions<S, T>,
) {
  const [state, setState] = useState<S | Loading>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  // The callbacks of the render that loads: new closures each render do not load again.
  const start = useEffectEvent((signal: AbortSignal) => {
    load(signal).then(
      (value) => {
        if (!signal.aborted) setState(ready(value));
      },
      (error: unknown) => {
        if (!signal.aborted) setState(failed(error));
      },
    );
  });

  useEffect(() => {
    if (key === null) return;
    const controller = new AbortController();
    start(controller.signal);
    return () => controller.abort();
  }, [key, attempt]);

  const retry = useCallback(() => {
    setState({ status: 'loading' });
    setAttempt((n) => n + 1);
  }, []);
  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return { state, setState, retry, reload };
}

/** A failure as the error state: the error's message, else `fallback`. */
export function failedWith(fallback: string) {
  return (error: unknown) => ({
    status: 'error' as const,
    message: error instanceof Error ? error.message : fallback,
  });
}
