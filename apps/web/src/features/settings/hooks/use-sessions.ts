import { useCallback, useState } from 'react';
import { toast } from 'sonner';
import type { SessionInfo } from '@codewright/sdk';
import { useLoad, type LoadState } from '../../../hooks/use-load.ts';
import { client } from '../../../sdk.ts';

export type SessionsState = LoadState<{ sessions: SessionInfo[] }>;

const messageOf = (error: unknown, fallback: string) =>
  error instanceof Error && error.message ? error.message : fallback;

/**
 * The signed-in sessions of the Settings screen: load (again after `reloadKey` changes), sign
 * out one, sign out all others. `busy` names the session (or 'others') being signed out.
 */
export function useSessions(userId: string, reloadKey: number) {
  const { state, setState, retry } = useLoad<SessionsState, SessionInfo[]>(
    `${reloadKey} ${userId}`,
    {
      load: (signal) => client.account.listSessions({ signal }),
      ready: (sessions) => ({ status: 'ready', sessions }),
      failed: (error) => ({
        status: 'error',
        message: messageOf(error, 'Could not load your sessions.'),
      }),
    },
  );
  const [busy, setBusy] = useState<string | null>(null);

  const drop = useCallback(
    (keep: (s: SessionInfo) => boolean) =>
      setState((s) => (s.status === 'ready' ? { ...s, sessions: s.sessions.filter(keep) } : s)),
    [setState],
  );

  const revoke = useCallback(
    async (session: SessionInfo) => {
      setBusy(session.id);
      try {
        await client.account.revokeSession(session.id);
        drop((s) => s.id !== session.id);
        toast.success('That session is signed out.');
      } catch (error) {
        toast.error(messageOf(error, 'Could not sign out that session. Please try again.'));
      } finally {
        setBusy(null);
      }
    },
    [drop],
  );

  const revokeOthers = useCallback(async () => {
    setBusy('others');
    try {
      const count = await client.account.revokeOtherSessions();
      drop((s) => s.current);
      toast.success(
        count === 1 ? 'Signed out 1 other session.' : `Signed out ${count} other sessions.`,
      );
    } catch (error) {
      toast.error(messageOf(error, 'Could not sign out your other sessions. Please try again.'));
    } finally {
      setBusy(null);
    }
  }, [drop]);

  return { state, busy, retry, revoke, revokeOthers };
}
