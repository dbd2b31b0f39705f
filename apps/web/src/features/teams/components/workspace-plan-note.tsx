import { Users } from 'lucide-react';
import type { PlanInfo, WorkspaceSummary } from '@codewright/sdk';
import { ownersPlan } from '../hooks/use-project-plan.ts';

/**
 * Whose plan the dashboard's cards show in a team (docs/decisions/026): for a member, the
 * owner's by name; for the owner of a team, that the members' usage counts against theirs.
 * Nothing in a personal workspace without members.
 */
export function WorkspacePlanNote({
  workspace,
  plan,
  own,
  ownerName,
}: {
  workspace: WorkspaceSummary;
  plan: PlanInfo;
  own: boolean;
  /** The owner's display name or email, when known. */
  ownerName: string | undefined;
}) {
  if (own && workspace.memberCount <= 1) return null;
  const text = own
    ? `Your ${plan.limits.name} plan covers ${workspace.name}: the usage of its ${workspace.memberCount} members counts against it.`
    : `${workspace.name} runs on ${ownersPlan(ownerName, plan.limits.name)}: the usage below is the whole team's, and your work here counts against it. Your own plan applies in your personal workspace.`;
  return (
    <p
      className="mt-6 flex items-start gap-2 rounded-xl border border-border bg-surface/60 px-4 py-3 text-sm text-muted"
      data-testid="workspace-plan-note"
    >
      <Users className="mt-0.5 size-4 shrink-0 text-subtle" aria-hidden="true" />
      <span>{text}</span>
    </p>
  );
}
