import { Users } from 'lucide-react';
import { ERROR_MESSAGES, PLAN_LIMITS, type PlanName, UNLIMITED } from '@codewright/contract';
import { LimitNote, UpgradeDialog } from '../../plan/index.ts';

/** The next plan up whose member count is larger, for the dialog's suggestion. */
function nextPlan(plan: PlanName): PlanName {
  return plan === 'free' ? 'pro' : 'enterprise';
}

/** "n members", or "unlimited members". */
function membersOf(plan: PlanName): string {
  const limit = PLAN_LIMITS[plan].maxTeamMembers;
  return limit === UNLIMITED ? 'unlimited members' : `up to ${limit} members`;
}

/**
 * "Team Member Limit Reached": the SPEC §2.13 upgrade dialog, opened when an invitation answers
 * 402 MEMBER_LIMIT_REACHED (docs/decisions/026). The counts come from the plan table.
 */
export function MemberLimitDialog({
  open,
  onClose,
  plan,
}: {
  open: boolean;
  onClose: () => void;
  /** The workspace's plan (its owner's). */
  plan: PlanName;
}) {
  const next = nextPlan(plan);
  const current = PLAN_LIMITS[plan];
  return (
    <UpgradeDialog
      open={open}
      onClose={onClose}
      title="Team Member Limit Reached"
      description={ERROR_MESSAGES.MEMBER_LIMIT_REACHED}
      upgradeLabel={`Upgrade to ${PLAN_LIMITS[next].name}`}
    >
      <LimitNote
        icon={Users}
        headline={`The ${current.name} plan allows ${membersOf(plan)}, the owner included; open invitations hold a seat until they are accepted, revoked or expire.`}
      >
        {PLAN_LIMITS[next].name} allows {membersOf(next)}. Or revoke an open invitation to free a
        seat.
      </LimitNote>
    </UpgradeDialog>
  );
}
