import { useId } from 'react';
import { Globe, Loader2, Lock, Users } from 'lucide-react';
import {
  PLAN_LIMITS,
  PRIVATE_NOTICE,
  type ProjectVisibility,
  PUBLIC_NOTICE,
} from '@codewright/contract';
import type { SaveTarget } from '../hooks/use-save-target.ts';
import { VisibilityNote } from './visibility-note.tsx';
import { workspaceLabel } from './workspace-switcher.tsx';

const OPTIONS: { value: ProjectVisibility; label: string; text: string; icon: typeof Lock }[] = [
  { value: 'private', label: 'Private', text: PRIVATE_NOTICE, icon: Lock },
  { value: 'public', label: 'Public', text: PUBLIC_NOTICE, icon: Globe },
];

/**
 * Where the save dialog puts the project and who can see it (SPEC §2.7, §6; docs/decisions/032):
 * the workspace by name, then on Free the fixed public sentence, on Pro and Enterprise a choice
 * of private (the default for a new project) or public.
 */
export function SaveDestination({
  target,
  visibility,
  onVisibility,
  disabled,
}: {
  target: SaveTarget;
  /** The chosen visibility (only asked on plans with private projects). */
  visibility: ProjectVisibility;
  onVisibility: (visibility: ProjectVisibility) => void;
  disabled: boolean;
}) {
  const legendId = useId();
  if (target.status === 'loading') {
    return (
      <p className="flex items-center gap-2 text-xs text-muted" role="status">
        <Loader2 className="size-3.5 animate-spin" aria-hidden="true" />
        Checking where it saves…
      </p>
    );
  }
  if (target.status === 'error') {
    return (
      <p className="text-xs text-muted" role="status" data-testid="save-workspace">
        Your workspaces could not be loaded; a new project saves to your personal workspace.
      </p>
    );
  }
  const { workspace, notAllowedIn } = target;
  const privateAllowed = PLAN_LIMITS[workspace.plan].privateProjects;
  return (
    <div className="space-y-3">
      <div className="text-sm" data-testid="save-workspace" data-workspace-id={workspace.id}>
        <p className="flex items-start gap-2 text-muted">
          <Users className="mt-0.5 size-4 shrink-0 text-subtle" aria-hidden="true" />
          <span>
            Saves to <span className="font-medium text-fg">{workspaceLabel(workspace)}</span>
            {workspace.personal && workspace.memberCount <= 1 ? ' (your personal workspace)' : ''}
          </span>
        </p>
        {notAllowedIn ? (
          <p className="mt-1 pl-6 text-xs text-subtle">
            You are a {notAllowedIn.role} in {notAllowedIn.name}, so a new project goes to your own
            workspace.
          </p>
        ) : null}
      </div>
      {privateAllowed ? (
        <fieldset aria-labelledby={legendId} disabled={disabled}>
          <legend id={legendId} className="mb-2 text-sm font-medium text-fg">
            Who can see it
          </legend>
          <div className="grid gap-2 sm:grid-cols-2">
            {OPTIONS.map(({ value, label, text, icon: Icon }) => (
              <label
                key={value}
                className="flex cursor-pointer items-start gap-2.5 rounded-lg border border-border-strong p-3 text-sm has-[:checked]:border-accent has-[:checked]:bg-accent-soft/50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-accent"
              >
                <input
                  type="radio"
                  name="project-visibility"
                  value={value}
                  checked={visibility === value}
                  onChange={() => onVisibility(value)}
                  className="mt-0.5 accent-accent"
                />
                <span className="min-w-0">
                  <span className="flex items-center gap-1.5 font-medium text-fg">
                    <Icon className="size-3.5" aria-hidden="true" />
                    {label}
                  </span>
                  <span className="mt-0.5 block text-xs text-muted">{text}</span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>
      ) : (
        <VisibilityNote visibility="public" plan={workspace.plan} />
      )}
    </div>
  );
}
