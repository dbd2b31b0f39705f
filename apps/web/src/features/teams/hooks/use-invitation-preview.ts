import type { InvitationPreview } from '@codewright/sdk';
import { isDeadLink, messageOf } from '../../../components/error-message.ts';
import { useLoad } from '../../../hooks/use-load.ts';
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
  const { state, retry } = useLoad<InvitationPreviewState, InvitationPreview>(token || null, {
    load: (signal) => client.workspaces.previewInvitation(token, { signal }),
    ready: (preview) => ({ status: 'ready', preview }),
    failed: (error) =>
      isDeadLink(error) ? { status: 'invalid' } : { status: 'error', message: messageOf(error) },
  });
  return { state: token ? state : { status: 'invalid' }, retry };
}
