import type { AccountStatus } from '@codewright/sdk';
import { failedWith, useLoad, type LoadState } from '../../../hooks/use-load.ts';
import { client } from '../../../sdk.ts';

export type AccountStatusState = LoadState<{ account: AccountStatus }>;

/** GET /api/auth/account for the Settings screen, with a retry after a failure. */
export function useAccountStatus(userId: string) {
  const { state, retry } = useLoad<AccountStatusState, AccountStatus>(userId, {
    load: (signal) => client.account.getStatus({ signal }),
    ready: (account) => ({ status: 'ready', account }),
    failed: failedWith('Could not load your account.'),
  });
  return { state, retry };
}
