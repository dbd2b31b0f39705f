import { UNLIMITED } from '@codewright/contract';
import type { User, WorkspaceSummary } from '@codewright/sdk';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { SettingsCard } from '../../../components/settings-card.tsx';
import { LoadFailure } from '../../../components/load-failure.tsx';
import { client } from '../../../sdk.ts';
import { useMembers } from '../hooks/use-members.ts';
import type { Workspaces } from '../hooks/use-workspaces.ts';
import { InvitationsList } from './invitations-list.tsx';
import { InviteForm } from './invite-form.tsx';
import { MembersList } from './members-list.tsx';
import { WorkspaceSwitcher } from './workspace-switcher.tsx';

/**
 * The Settings screen's Workspace group: members, roles and invitations (docs/decisions/026).
 * The screen holds `useWorkspaces`: the workspace chosen here is the Integrations group's too.
 */
export function WorkspaceSettings({ user, choice }: { user: User; choice: Workspaces }) {
  const { state, workspaces, current, select, reload } = choice;
  return (
    <section aria-labelledby="settings-workspace" className="mt-12">
      <h2 id="settings-workspace" className="text-lg font-semibold text-fg">
        Workspace
      </h2>
      {state.status === 'loading' ? (
        <Skeleton className="mt-4 h-40 w-full" />
      ) : state.status === 'error' || !current ? (
        <LoadFailure
          className="mt-4"
          message={state.status === 'error' ? state.message : 'No workspace found.'}
          onRetry={reload}
        />
      ) : (
        <div className="mt-4 space-y-4">
          {workspaces.length > 1 ? (
            <WorkspaceSwitcher workspaces={workspaces} current={current} onSelect={select} />
          ) : null}
          <Members key={current.id} workspace={current} user={user} onLeft={reload} />
        </div>
      )}
    </section>
  );
}

function seatsText(ws: WorkspaceSummary): string {
  const limit = ws.memberLimit === UNLIMITED ? 'unlimited' : `up to ${ws.memberLimit}`;
  return `${ws.memberCount} ${ws.memberCount === 1 ? 'member' : 'members'} · ${limit} on the ${ws.plan} plan`;
}

function Members({
  workspace,
  user,
  onLeft,
}: {
  workspace: WorkspaceSummary;
  user: User;
  onLeft: () => void;
}) {
  const { state, reload } = useMembers(workspace.id);
  const invite = client.workspaces.can('create', 'invitation', workspace);
  return (
    <>
      <SettingsCard title={`Members of ${workspace.name}`} description={seatsText(workspace)}>
        {state.status === 'loading' ? (
          <Skeleton className="h-16 w-full" />
        ) : state.status === 'error' ? (
          <p role="alert" className="text-sm text-red-300">
            {state.message}
          </p>
        ) : (
          <MembersList data={state.data} user={user} onChanged={reload} onLeft={onLeft} />
        )}
      </SettingsCard>
      {invite ? (
        <SettingsCard
          title="Invite people"
          description="They get an email with a link that works once and expires in 7 days. They accept by signing in with that address."
        >
          <InviteForm workspaceId={workspace.id} plan={workspace.plan} onInvited={reload} />
          <h4 className="mt-6 text-sm font-semibold text-fg">Open invitations</h4>
          <div className="mt-2">
            {state.status === 'ready' ? (
              <InvitationsList data={state.data} onChanged={reload} />
            ) : null}
          </div>
        </SettingsCard>
      ) : null}
    </>
  );
}
