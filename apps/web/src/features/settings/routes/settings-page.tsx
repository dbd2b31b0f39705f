import { useState } from 'react';
import type { User } from '@codewright/sdk';
import { LoadFailure } from '../../../components/load-failure.tsx';
import { useDocumentTitle } from '../../../hooks/use-document-title.ts';
import { RequireAuth } from '../../auth/index.ts';
import { DeleteAccountCard } from '../components/delete-account-card.tsx';
import { EmailCard } from '../components/email-card.tsx';
import { ExportCard } from '../components/export-card.tsx';
import { PasswordCard } from '../components/password-card.tsx';
import { ProfileCard } from '../components/profile-card.tsx';
import { SessionsCard } from '../components/sessions-card.tsx';
import { SettingsSkeleton } from '../components/settings-skeleton.tsx';
import { useAccountStatus } from '../hooks/use-account-status.ts';
import { IntegrationsSettings } from '../../integrations/index.ts';
import { useWorkspaces, WorkspaceSettings } from '../../teams/index.ts';

/** /settings (signed in): the Account group, the Workspace group, then Integrations. */
export function SettingsPage() {
  useDocumentTitle('Settings');
  return (
    <RequireAuth fallback={<SettingsSkeleton />}>
      {(user) => <Settings key={user.id} user={user} />}
    </RequireAuth>
  );
}

function Settings({ user }: { user: User }) {
  const { state, retry } = useAccountStatus(user.id);
  // A password change signs the other sessions out: the list loads again after it.
  const [sessionsKey, setSessionsKey] = useState(0);
  // One choice of workspace for the Workspace and Integrations groups.
  const workspaces = useWorkspaces(user.id);

  if (state.status === 'loading') return <SettingsSkeleton />;

  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-10 sm:px-6 sm:py-14">
      <h1 className="text-3xl font-semibold tracking-tight text-fg">Settings</h1>
      <p className="mt-2 truncate text-sm text-muted">
        Signed in as <span className="font-medium text-fg">{user.email}</span>
      </p>

      <section aria-labelledby="settings-account" className="mt-10">
        <h2 id="settings-account" className="text-lg font-semibold text-fg">
          Account
        </h2>
        {state.status === 'error' ? (
          <LoadFailure className="mt-4" message={state.message} onRetry={retry} />
        ) : (
          <div className="mt-4 space-y-4">
            <ProfileCard user={user} />
            <EmailCard account={state.account} />
            {state.account.hasPassword ? (
              <PasswordCard onChanged={() => setSessionsKey((n) => n + 1)} />
            ) : null}
            <SessionsCard userId={user.id} reloadKey={sessionsKey} />
            <ExportCard />
            <DeleteAccountCard account={state.account} />
          </div>
        )}
      </section>

      {/* The Workspace group: members, roles and invitations (features/teams). */}
      <WorkspaceSettings user={user} choice={workspaces} />
      {/* API keys of the chosen workspace (features/integrations). */}
      <IntegrationsSettings
        workspace={workspaces.current}
        loading={workspaces.state.status === 'loading'}
      />
    </div>
  );
}
