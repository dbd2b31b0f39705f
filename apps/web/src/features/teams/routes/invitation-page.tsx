import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Loader2, Users } from 'lucide-react';
import type { User, WorkspaceSummary } from '@codewright/sdk';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { useDocumentTitle } from '../../../hooks/use-document-title.ts';
import { useAuth } from '../../auth/index.ts';
import { InvitationPreviewCard, roleWithArticle } from '../components/invitation-preview-card.tsx';
import { messageOf } from '../../../components/error-message.ts';
import { client } from '../../../sdk.ts';

const CURRENT_WORKSPACE_KEY = 'codewright.workspace';

/**
 * /invitation?token=… : signed out, who invites to which workspace as which role and "Sign in to
 * accept"; signed in (as the invited address), the invitation is accepted.
 */
export function InvitationPage() {
  useDocumentTitle('Invitation');
  const { auth, state } = useAuth();
  const [params] = useSearchParams();
  // The SDK is the source of truth; React state can trail it by one render right after sign-in.
  const live = state.status === 'signed-in' || !auth ? state : auth.getState();
  if (live.status === 'signed-in' && live.user)
    return <Accept key={live.user.id} user={live.user} />;
  if (live.status === 'loading') return <Waiting />;
  return (
    <div className="mx-auto w-full max-w-md px-4 py-16">
      <Card className="p-6 text-center">
        <InvitationIcon />
        <InvitationPreviewCard token={params.get('token') ?? ''} />
      </Card>
    </div>
  );
}

function InvitationIcon() {
  return (
    <span className="mx-auto inline-flex size-12 items-center justify-center rounded-xl bg-accent-soft text-accent-hover">
      <Users className="size-6" aria-hidden="true" />
    </span>
  );
}

function Waiting() {
  return (
    <div className="mx-auto flex max-w-md justify-center px-4 py-20" role="status">
      <Loader2 className="size-6 animate-spin text-muted" aria-label="Loading" />
    </div>
  );
}

function Accept({ user }: { user: User }) {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [accepted, setState] = useState<
    | { status: 'busy' }
    | { status: 'ok'; workspace: WorkspaceSummary }
    | { status: 'error'; message: string }
  >({ status: 'busy' });
  const state = token
    ? accepted
    : {
        status: 'error' as const,
        message: 'This link has no invitation token. Open the link from the email again.',
      };
  const started = useRef(false);

  useEffect(() => {
    // Single use: accept once per mount, even under StrictMode's double effect.
    if (started.current) return;
    if (!token) return;
    started.current = true;
    client.workspaces.acceptInvitation(token).then(
      (workspace) => {
        try {
          localStorage.setItem(CURRENT_WORKSPACE_KEY, workspace.id);
        } catch {
          // The dashboard then opens the personal workspace; the switcher still lists this one.
        }
        setState({ status: 'ok', workspace });
      },
      (error: unknown) => setState({ status: 'error', message: messageOf(error) }),
    );
  }, [token]);

  return (
    <div className="mx-auto w-full max-w-md px-4 py-16">
      <Card className="p-6 text-center">
        <InvitationIcon />
        {state.status === 'busy' ? (
          <p className="mt-4 text-sm text-muted" role="status">
            Accepting the invitation…
          </p>
        ) : state.status === 'ok' ? (
          <>
            <h1 className="mt-4 text-xl font-semibold text-fg">
              You joined {state.workspace.name}
            </h1>
            <p className="mt-2 text-sm text-muted">
              You are {roleWithArticle(state.workspace.role)} in this workspace.
            </p>
            <Link to="/dashboard" className={buttonClasses('primary', 'md', 'mt-6')}>
              Open the workspace
            </Link>
          </>
        ) : (
          <>
            <h1 className="mt-4 text-xl font-semibold text-fg">
              The invitation could not be accepted
            </h1>
            <p role="alert" className="mt-2 text-sm text-red-300">
              {state.message}
            </p>
            <p className="mt-2 text-xs text-muted">Signed in as {user.email}.</p>
            <Link to="/dashboard" className={buttonClasses('outline', 'md', 'mt-6')}>
              Go to the dashboard
            </Link>
          </>
        )}
      </Card>
    </div>
  );
}
