import { useEffect, useRef } from 'react';
import { Link, useLocation } from 'react-router';
import { LogIn, RotateCw } from 'lucide-react';
import { VIEWER_ROLE } from '@codewright/contract';
import type { InvitationPreview } from '@codewright/sdk';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useInvitationPreview } from '../hooks/use-invitation-preview.ts';

/** "an editor" / "a viewer", as the invitation mail says it. */
export const roleWithArticle = (role: string) => (role === VIEWER_ROLE ? 'a viewer' : 'an editor');

/** The invitation in one sentence: who invites you to which workspace as which role. */
function Invited({ preview }: { preview: InvitationPreview }) {
  const workspace = <strong className="font-semibold text-fg">{preview.workspaceName}</strong>;
  return (
    <p
      className="mt-2 text-sm leading-relaxed break-words text-muted"
      data-testid="invitation-summary"
    >
      {preview.inviterName ? (
        <>
          <strong className="font-semibold text-fg">{preview.inviterName}</strong> invited you to
          join {workspace} as {roleWithArticle(preview.role)}.
        </>
      ) : (
        <>
          You are invited to join {workspace} as {roleWithArticle(preview.role)}.
        </>
      )}
    </p>
  );
}

/**
 * The invitation link's page signed out: who invites to which workspace as which role, then
 * "Sign in to accept" (the sign-in returns here and the invitation is accepted). A dead link says
 * so and what to do; a failed load can be tried again, and signing in still works meanwhile.
 */
export function InvitationPreviewCard({ token }: { token: string }) {
  const { state, retry } = useInvitationPreview(token);
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  const heading = useRef<HTMLHeadingElement>(null);
  const retried = useRef(false);

  // "Try again" unmounts itself: once the answer is in, focus its heading instead of the page.
  useEffect(() => {
    if (state.status === 'loading' || !retried.current) return;
    retried.current = false;
    heading.current?.focus();
  }, [state.status]);

  const signIn = (
    <Link
      to={`/sign-in?redirect=${encodeURIComponent(here)}`}
      className={buttonClasses('primary', 'md', 'mt-6 w-full')}
    >
      <LogIn className="size-4" aria-hidden="true" />
      Sign in to accept
    </Link>
  );
  const hint = (
    <p className="mt-3 text-xs leading-relaxed text-subtle">
      Sign in, or create an account, with the email address the invitation was sent to.
    </p>
  );
  const title = 'mt-4 text-xl font-semibold break-words text-fg outline-none';

  if (state.status === 'invalid')
    return (
      <>
        <h1 ref={heading} tabIndex={-1} className={title}>
          This invitation is no longer valid
        </h1>
        <p className="mt-2 text-sm leading-relaxed text-muted">
          The link may have expired, been revoked or been used already. Ask the person who invited
          you to send a new invitation.
        </p>
        <Link to="/" className={buttonClasses('outline', 'md', 'mt-6')}>
          Back to home
        </Link>
      </>
    );

  if (state.status === 'error')
    return (
      <>
        <h1 ref={heading} tabIndex={-1} className={title}>
          The invitation could not be loaded
        </h1>
        <p role="alert" className="mt-2 text-sm text-red-300">
          {state.message}
        </p>
        <Button
          variant="outline"
          className="mt-6 w-full"
          onClick={() => {
            retried.current = true;
            retry();
          }}
        >
          <RotateCw className="size-4" aria-hidden="true" />
          Try again
        </Button>
        {signIn}
        {hint}
      </>
    );

  return (
    <>
      <h1 ref={heading} tabIndex={-1} className={title}>
        {state.status === 'ready' ? `Join ${state.preview.workspaceName}` : 'Your invitation'}
      </h1>
      {state.status === 'ready' ? (
        <Invited preview={state.preview} />
      ) : (
        <div role="status" className="mt-3 flex flex-col items-center gap-2">
          <span className="sr-only">Loading the invitation…</span>
          <Skeleton className="h-4 w-64 max-w-full" />
          <Skeleton className="h-4 w-40 max-w-full" />
        </div>
      )}
      {signIn}
      {hint}
    </>
  );
}
