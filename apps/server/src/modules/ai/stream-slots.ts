/**
 * The cap on AI answers one user may have streaming at once (AI_STREAMS_PER_USER; docs/api.md
 * § AI "Streams"). Each stream holds a model call and a connection until its reader finishes or
 * is dropped; the cap bounds what one account can hold open. Counted per server process.
 */
import { aiStreamLimitMessage } from '@codewright/contract';
import { AppError } from '../../lib/app-error.ts';

export interface StreamSlots {
  /**
   * Takes one of the user's slots, or throws 429 AI_STREAM_LIMIT_REACHED when all are taken.
   * Returns the release; calling it more than once gives back one slot only.
   */
  acquire(userId: string): () => void;
  /** Streams the user has open now. */
  open(userId: string): number;
}

export function createStreamSlots(perUser: number): StreamSlots {
  const open = new Map<string, number>();
  return {
    acquire(userId) {
      const count = open.get(userId) ?? 0;
      if (count >= perUser) {
        throw new AppError('AI_STREAM_LIMIT_REACHED', 429, aiStreamLimitMessage(perUser));
      }
      open.set(userId, count + 1);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        const left = (open.get(userId) ?? 1) - 1;
        if (left <= 0) open.delete(userId);
        else open.set(userId, left);
      };
    },
    open: (userId) => open.get(userId) ?? 0,
  };
}
