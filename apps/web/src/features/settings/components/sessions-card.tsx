import { Laptop, LogOut } from 'lucide-react';
import type { SessionInfo } from '@codewright/sdk';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { formatProjectDate, formatProjectDateFull } from '../../../components/format-date.ts';
import { useSessions } from '../hooks/use-sessions.ts';
import { SettingsCard } from '../../../components/settings-card.tsx';
import { LoadFailure } from '../../../components/load-failure.tsx';

const timeFormat = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});
const when = (iso: string) => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : timeFormat.format(date);
};

/** Signed-in sessions with device and times; sign out one, or all but this one. */
export function SessionsCard({ userId, reloadKey }: { userId: string; reloadKey: number }) {
  const { state, busy, retry, revoke, revokeOthers } = useSessions(userId, reloadKey);
  const others = state.status === 'ready' ? state.sessions.filter((s) => !s.current) : [];

  return (
    <SettingsCard
      title="Active sessions"
      description="Where your account is signed in. Signing a session out takes effect at once."
    >
      {state.status === 'loading' ? (
        <div className="space-y-3" aria-hidden="true">
          <Skeleton className="h-14 w-full" />
          <Skeleton className="h-14 w-full" />
        </div>
      ) : state.status === 'error' ? (
        <LoadFailure message={state.message} onRetry={retry} />
      ) : (
        <>
          <ul
            className="divide-y divide-border rounded-xl border border-border"
            aria-label="Sessions"
          >
            {state.sessions.map((session) => (
              <SessionRow
                key={session.id}
                session={session}
                busy={busy === session.id || busy === 'others'}
                onRevoke={() => void revoke(session)}
              />
            ))}
          </ul>
          <div className="mt-4 flex flex-wrap items-center gap-3">
            <Button
              variant="outline"
              disabled={others.length === 0 || busy !== null}
              onClick={() => void revokeOthers()}
            >
              <LogOut className="size-4" aria-hidden="true" />
              {busy === 'others' ? 'Signing out…' : 'Sign out all other sessions'}
            </Button>
            {others.length === 0 ? (
              <span className="text-sm text-muted">This is your only session.</span>
            ) : null}
          </div>
        </>
      )}
    </SettingsCard>
  );
}

function SessionRow(props: { session: SessionInfo; busy: boolean; onRevoke: () => void }) {
  const { session, busy, onRevoke } = props;
  const device = session.device ?? (session.current ? 'This browser' : 'Device not recorded');
  return (
    <li className="flex flex-col gap-3 p-3 sm:flex-row sm:items-center sm:justify-between sm:p-4">
      <div className="flex min-w-0 items-start gap-3">
        <Laptop className="mt-0.5 size-5 shrink-0 text-subtle" aria-hidden="true" />
        <div className="min-w-0">
          <p className="flex flex-wrap items-center gap-2 text-sm font-medium text-fg">
            <span className="truncate">{device}</span>
            {session.current ? <Badge tone="accent">This device</Badge> : null}
          </p>
          <p className="mt-0.5 text-xs text-muted">
            Signed in{' '}
            <time dateTime={session.createdAt} title={formatProjectDateFull(session.createdAt)}>
              {formatProjectDate(session.createdAt)}
            </time>
            {' · '}last active{' '}
            <time
              dateTime={session.lastActiveAt}
              title={formatProjectDateFull(session.lastActiveAt)}
            >
              {when(session.lastActiveAt)}
            </time>
          </p>
        </div>
      </div>
      {session.current ? null : (
        <Button
          variant="ghost"
          size="sm"
          className="self-start sm:self-auto"
          disabled={busy}
          onClick={onRevoke}
          aria-label={`Sign out ${device}, signed in ${formatProjectDate(session.createdAt)}`}
        >
          {busy ? 'Signing out…' : 'Sign out'}
        </Button>
      )}
    </li>
  );
}
