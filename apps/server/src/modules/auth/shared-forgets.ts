/**
 * The principal cache's forgets, told to every instance on the same database (issue 50): a
 * sign-out, a refresh-token reuse, a role or plan change, a revoked API key, admin SQL. Each
 * instance drops its own copy at once and NOTIFYs the others, which drop theirs when the notice
 * arrives (milliseconds after the commit), instead of serving it for up to SESSION_CACHE_MS.
 * A plan row set after a quota charge stays local: quotas are exact in the database anyway.
 */
import { randomUUID } from 'node:crypto';
import type { Database } from '../../db/client.ts';
import { notify } from '../../db/notify.ts';
import type { PrincipalCache } from './principal.ts';

/** The NOTIFY channel of principal-cache forgets. */
export const FORGETS_CHANNEL = 'codewright_auth';

type Forget = { session: string } | { user: string } | { apiKey: string } | { all: true };

export function sharedForgets(
  local: PrincipalCache,
  db: Pick<Database, 'execute'>,
  onError: (error: unknown) => void,
) {
  const origin = randomUUID();
  const tell = (forget: Forget) => {
    const payload = JSON.stringify({ origin, ...forget });
    notify(db, FORGETS_CHANNEL, payload).catch(onError);
  };
  const cache: PrincipalCache = {
    forgetSession: (sessionId) => {
      local.forgetSession(sessionId);
      tell({ session: sessionId });
    },
    forgetUser: (userId) => {
      local.forgetUser(userId);
      tell({ user: userId });
    },
    forgetApiKey: (keyId) => {
      local.forgetApiKey(keyId);
      tell({ apiKey: keyId });
    },
    forgetAll: () => {
      local.forgetAll();
      tell({ all: true });
    },
    setPlan: local.setPlan,
  };
  /** What another instance told (a NOTIFY payload): dropped here too. */
  function heard(payload: string) {
    const told = JSON.parse(payload) as Partial<{
      origin: string;
      session: string;
      user: string;
      apiKey: string;
      all: boolean;
    }>;
    if (told.origin === origin) return;
    if (typeof told.session === 'string') local.forgetSession(told.session);
    else if (typeof told.user === 'string') local.forgetUser(told.user);
    else if (typeof told.apiKey === 'string') local.forgetApiKey(told.apiKey);
    else if (told.all === true) local.forgetAll();
  }
  return { cache, heard };
}
