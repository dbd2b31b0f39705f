import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Loader2, Users } from 'lucide-react';
import { VIEWER_ROLE } from '@codewright/contract';
import type { User, WorkspaceSummary } from '@codewright/sdk';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { useDocumentTitle } from '../../../hooks/use-document-title.ts';
import { RequireAuth } from '../../auth/components/require-auth.tsx';
import { messageOf } from '../../settings/components/settings-card.tsx';
import { client } from '../../../sdk.ts';

const CURRENT_WORKSPACE_KEY = 'codewright.workspace';

/** /invitation?token=… : sign in (as the invited address), then the invitation is accepted. */
export function InvitationPage() {
  useDocumentTitle('Invitation');
  return (
    <RequireAuth fallback={<Waiting />}>
      {(user) => <Accept key={user.id} user={user} />}
    </RequireAuth>
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
        <span className="mx-auto inline-flex size-12 items-center justify-center rounded-xl bg-accent-soft text-accent-hover">
          <Users className="size-6" aria-hidden="true" />
        </span>
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
              You are {state.workspace.role === VIEWER_ROLE ? 'a viewer' : 'an editor'} in this
              workspace.
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
