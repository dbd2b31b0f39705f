import { useCallback, useEffect, useState } from 'react';
import { isCodewrightError, type InvitationPreview } from '@codewright/sdk';
import { messageOf } from '../../../components/error-message.ts';
import { client } from '../../../sdk.ts';

export type InvitationPreviewState =
  | { status: 'loading' }
  | { status: 'ready'; preview: InvitationPreview }
  /** Unknown, expired, revoked or used (404), or not a link's token at all (400). */
  | { status: 'invalid' }
  /** Offline, rate-limited or a server fault: worth trying again. */
  | { status: 'error'; message: string };

/**
 * Who invites to which workspace as which role, for an invitation link's token, signed out
 * (docs/api.md § Workspaces); `retry` asks again after an error.
 */
export function useInvitationPreview(token: string): {
  state: InvitationPreviewState;
  retry: () => void;
} {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<InvitationPreviewState>({ status: 'loading' });

  useEffect(() => {
    if (!token) return;
    const controller = new AbortController();
    client.workspaces.previewInvitation(token, { signal: controller.signal }).then(
      (preview) => !controller.signal.aborted && setState({ status: 'ready', preview }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        if (isCodewrightError(error) && (error.status === 404 || error.status === 400))
          setState({ status: 'invalid' });
        else setState({ status: 'error', message: messageOf(error) });
      },
    );
    return () => controller.abort();
  }, [token, attempt]);

  const retry = useCallback(() => {
    setState({ status: 'loading' });
    setAttempt((n) => n + 1);
  }, []);

  return { state: token ? state : { status: 'invalid' }, retry };
}
