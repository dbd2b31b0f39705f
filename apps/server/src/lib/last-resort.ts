/**
 * The last resort for an error nothing caught: every callback a library runs for us
 * is wrapped where it is registered, so reaching here is a bug — logged with the request it
 * belonged to, never silent.
 *
 * - A rejected promise nobody awaited cannot have left shared state half-changed in a way the
 *   process cannot survive: it is logged and the server keeps serving.
 * - An exception thrown out of a callback may have: the server stops taking requests, drains
 *   those in flight and exits non-zero; `npm start` restarts it (scripts/supervise.mjs).
 */
import { currentRequestId } from './request-context.ts';

export interface LastResortLog {
  error(obj: object, msg: string): void;
  fatal(obj: object, msg: string): void;
}

export interface LastResortOptions {
  log: LastResortLog;
  /** Stops accepting, finishes requests in flight, then exits with a non-zero code. */
  drainAndExit(reason: string): void;
}

/** Installs the process-wide handlers; returns a function that removes them (tests). */
export function installLastResort({ log, drainAndExit }: LastResortOptions): () => void {
  const onRejection = (reason: unknown) => {
    log.error(
      { err: reason, reqId: currentRequestId() },
      'unhandled rejection: the request it belonged to failed; the server keeps serving',
    );
  };
  let draining = false;
  const onException = (err: Error) => {
    log.fatal(
      { err, reqId: currentRequestId() },
      draining
        ? 'uncaught exception while draining'
        : 'uncaught exception: draining the requests in flight, then exiting (npm start restarts the server)',
    );
    if (draining) return;
    draining = true;
    drainAndExit(err.message);
  };
  process.on('unhandledRejection', onRejection);
  process.on('uncaughtException', onException);
  return () => {
    process.off('unhandledRejection', onRejection);
    process.off('uncaughtException', onException);
  };
}
