import { useCallback, useEffect, useState } from 'react';
import type { AccountStatus } from '@codewright/sdk';
import { client } from '../../../sdk.ts';

export type AccountStatusState =
  | { status: 'loading' }
  | { status: 'ready'; account: AccountStatus }
  | { status: 'error'; message: string };

/** GET /api/auth/account for the Settings screen, with a retry after a failure. */
export function useAccountStatus(userId: string) {
  const [state, setState] = useState<AccountStatusState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    client.account.getStatus({ signal: controller.signal }).then(
      (account) => {
        if (!controller.signal.aborted) setState({ status: 'ready', account });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        const message = error instanceof Error ? error.message : 'Could not load your account.';
        setState({ status: 'error', message });
      },
    );
    return () => controller.abort();
  }, [userId, attempt]);

  const retry = useCallback(() => {
    setState({ status: 'loading' });
    setAttempt((n) => n + 1);
  }, []);
  return { state, retry };
}
