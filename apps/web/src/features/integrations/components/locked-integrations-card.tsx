import { useState } from 'react';
import { KeyRound, Lock, Webhook } from 'lucide-react';
import {
  API_KEY_MESSAGES,
  CUSTOM_INTEGRATIONS_FEATURE,
  PLAN_LIMITS,
  type PlanName,
} from '@codewright/contract';
import { Button } from '../../../components/ui/button.tsx';
import { SettingsCard } from '../../../components/settings-card.tsx';
import { LimitNote, UpgradeDialog } from '../../plan/index.ts';

/**
 * "API keys and webhooks" on a plan without custom integrations (Free, Pro): what they are, locked, and the
 * SPEC §2.13 upgrade dialog with the locked-feature note.
 */
export function LockedIntegrationsCard({ plan }: { plan: PlanName }) {
  const [open, setOpen] = useState(false);
  const enterprise = PLAN_LIMITS.enterprise.name;
  return (
    <SettingsCard
      title="API keys and webhooks"
      description="Keys that script Codewright from CI or your own tools, acting as you in this workspace, and webhooks that tell your own services when something changes in it."
    >
      <p className="flex items-start gap-2.5 text-sm text-muted" data-testid="integrations-locked">
        <Lock className="mt-0.5 size-4 shrink-0 text-amber-300" aria-hidden="true" />
        <span>
          {CUSTOM_INTEGRATIONS_FEATURE} come with the {enterprise} plan; this workspace is on the{' '}
          {PLAN_LIMITS[plan].name} plan.
        </span>
      </p>
      <Button variant="outline" className="mt-4" onClick={() => setOpen(true)}>
        <KeyRound className="size-4" aria-hidden="true" />
        Unlock API keys and webhooks
      </Button>
      <UpgradeDialog
        open={open}
        onClose={() => setOpen(false)}
        title={`Upgrade to ${enterprise}`}
        description={API_KEY_MESSAGES.notInPlan}
        lockedFeature={CUSTOM_INTEGRATIONS_FEATURE}
        upgradeLabel={`Upgrade to ${enterprise}`}
      >
        <LimitNote icon={KeyRound} headline="API keys for your CI">
          Create read or read-and-write keys, each with its own expiry, and revoke one at any time.
          A key sees only this workspace.
        </LimitNote>
        <div className="mt-3">
          <LimitNote icon={Webhook} headline="Webhooks to your services">
            Signed events when projects, versions, AI answers or members change, with a delivery log
            and Send again.
          </LimitNote>
        </div>
      </UpgradeDialog>
    </SettingsCard>
  );
}
