/**
 * The edit engine's one retry is free (docs/decisions/016 and 023): when SEARCH/REPLACE blocks
 * of a charged edit fail to apply, the client shows the model the failure once. That call is
 * made by the system, not asked for by the user, so it must not cost a second edit. The server
 * decides: a complete, charged edit answer leaves a grant for one retry, which a later call
 * naming it (`retryOf`) and carrying the retry message (EDIT_RETRY_HEADING) consumes instead
 * of charging the meter. Grants live in this instance's memory for EDIT_RETRY_GRANT_TTL_MS;
 * a retry that finds none (expired, another instance) is charged as any call is.
 */
import {
  EDIT_RETRY_GRANT_TTL_MS,
  EDIT_RETRY_HEADING,
  type AiTextRequest,
} from '@codewright/contract';
import type { MeterCharge } from './ai-meter.ts';

/** Most grants kept at once (oldest dropped first): a bound on memory, far above real use. */
const MAX_GRANTS = 10_000;

export interface RetryGrants {
  /** A charged edit answer `answerId` of `userId` completed: its one retry is free. */
  grant(answerId: string, userId: string): void;
  /**
   * A free charge for a retry call (`body.retryOf` names a granted answer of this user and the
   * last message is the retry message), or null when the call must be charged. Refunding the
   * free charge (the retry itself failed) gives the grant back.
   */
  take(userId: string, body: AiTextRequest): MeterCharge | null;
}

/** True when the call's last user message is the edit engine's retry message. */
function isRetryMessage(body: AiTextRequest): boolean {
  const last = body.messages?.[body.messages.length - 1];
  return last?.role === 'user' && last.content.startsWith(EDIT_RETRY_HEADING);
}

/** The grants of one server instance; `now` is injectable for tests. */
export function createRetryGrants(now: () => number = Date.now): RetryGrants {
  const grants = new Map<string, { userId: string; expires: number }>();
  const prune = () => {
    const t = now();
    for (const [id, g] of grants) if (g.expires <= t) grants.delete(id);
    while (grants.size > MAX_GRANTS) grants.delete(grants.keys().next().value!);
  };
  const add = (answerId: string, userId: string) => {
    grants.set(answerId, { userId, expires: now() + EDIT_RETRY_GRANT_TTL_MS });
  };
  return {
    grant(answerId, userId) {
      prune();
      add(answerId, userId);
    },
    take(userId, body) {
      const id = body.retryOf;
      if (!id || body.meter !== 'edit' || !isRetryMessage(body)) return null;
      prune();
      const g = grants.get(id);
      if (!g || g.userId !== userId) return null;
      grants.delete(id);
      let settled = false;
      return {
        meter: 'edit',
        async refund() {
          if (settled) return;
          settled = true;
          add(id, userId);
        },
        keep() {
          settled = true;
        },
      };
    },
  };
}
