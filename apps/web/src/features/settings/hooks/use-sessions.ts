import { useCallback, useEffect, useState } from 'react';
import { toast } from 'sonner';
import type { SessionInfo } from '@codewright/sdk';
import { client } from '../../../sdk.ts';

export type SessionsState =
  | { status: 'loading' }
  | { status: 'ready'; sessions: SessionInfo[] }
  | { status: 'error'; message: string };

const messageOf = (error: unknown, fallback: string) =>
  error instanceof Error && error.message ? error.message : fallback;

/**
 * The signed-in sessions of the Settings screen: load (again after `reloadKey` changes), sign
 * out one, sign out all others. `busy` names the session (or 'others') being signed out.
 */
export function useSessions(userId: string, reloadKey: number) {
  const [state, setState] = useState<SessionsState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [busy, setBusy] = useState<string | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    client.account.listSessions({ signal: controller.signal }).then(
      (sessions) => {
        if (!controller.signal.aborted) setState({ status: 'ready', sessions });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setState({ status: 'error', message: messageOf(error, 'Could not load your sessions.') });
      },
    );
    return () => controller.abort();
  }, [userId, reloadKey, attempt]);

  const retry = useCallback(() => {
    setState({ status: 'loading' });
    setAttempt((n) => n + 1);
  }, []);

  const drop = (keep: (s: SessionInfo) => boolean) =>
    setState((s) => (s.status === 'ready' ? { ...s, sessions: s.sessions.filter(keep) } : s));

  const revoke = useCallback(async (session: SessionInfo) => {
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
  }, []);

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
  }, []);

  return { state, busy, retry, revoke, revokeOthers };
}
