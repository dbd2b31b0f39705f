import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { Check, Lock, Sparkles, type LucideIcon } from 'lucide-react';
import { PLAN_LIMITS, PRICES } from '@codewright/contract';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { proBenefits } from '../usage.ts';

export const PRICING_PATH = '/pricing';

export interface UpgradeDialogProps {
  open: boolean;
  onClose: () => void;
  title?: string;
  description?: string;
  /** The feature the user just hit, shown as a highlighted note (e.g. 'Advanced AI models'). */
  lockedFeature?: ReactNode;
  /** Replaces the list of Pro benefits (the project-limit dialog shows its own note instead). */
  children?: ReactNode;
  /** The upgrade button's text (a Pro team at its member limit upgrades to Enterprise). */
  upgradeLabel?: string;
}

/** An upgrade dialog's note on the limit hit: its icon, what the plan allows, what comes next. */
export function LimitNote({
  icon: Icon,
  headline,
  children,
}: {
  icon: LucideIcon;
  headline: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="flex items-start gap-3 rounded-xl border border-accent/25 bg-accent-soft/60 p-4">
      <span className="inline-flex size-9 shrink-0 items-center justify-center rounded-lg bg-accent/20 text-accent-hover">
        <Icon className="size-4.5" aria-hidden="true" />
      </span>
      <div className="min-w-0 text-sm">
        <p className="font-medium text-fg">{headline}</p>
        <p className="mt-1 text-muted">{children}</p>
      </div>
    </div>
  );
}

/**
 * The general upgrade dialog (SPEC §2.13): title, description, an optional locked-feature
 * note, what Pro adds (from the plan table), then Maybe Later / Upgrade to Pro → /pricing.
 */
export function UpgradeDialog({
  open,
  onClose,
  title = 'Upgrade to Pro',
  description = `Unlock everything Codewright can do for $${PRICES.pro} a month.`,
  lockedFeature,
  children,
  upgradeLabel = 'Upgrade to Pro',
}: UpgradeDialogProps) {
  const navigate = useNavigate();
  const upgrade = () => {
    onClose();
    void navigate(PRICING_PATH);
  };

  return (
    <Dialog open={open} onClose={onClose} title={title} description={description}>
      {lockedFeature ? (
        <p className="mb-5 flex items-start gap-2.5 rounded-xl border border-amber-400/25 bg-amber-400/[0.07] px-3.5 py-3 text-sm text-amber-100">
          <Lock className="mt-0.5 size-4 shrink-0 text-amber-300" aria-hidden="true" />
          <span>{lockedFeature}</span>
        </p>
      ) : null}
      {children ?? (
        <div className="rounded-xl border border-accent/25 bg-accent-soft/60 p-4">
          <p className="text-sm font-semibold text-fg">{PLAN_LIMITS.pro.name} includes</p>
          <ul className="mt-3 space-y-2">
            {proBenefits().map((benefit) => (
              <li key={benefit} className="flex items-start gap-2.5 text-sm text-muted">
                <Check className="mt-0.5 size-4 shrink-0 text-accent-hover" aria-hidden="true" />
                {benefit}
              </li>
            ))}
          </ul>
        </div>
      )}
      <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onClose}>
          Maybe Later
        </Button>
        <Button onClick={upgrade}>
          <Sparkles className="size-4" aria-hidden="true" />
          {upgradeLabel}
        </Button>
      </div>
    </Dialog>
  );
}
