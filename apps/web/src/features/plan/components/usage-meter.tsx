import { useId, type ReactNode } from 'react';
import { Infinity as InfinityIcon } from 'lucide-react';
import { UNLIMITED } from '@codewright/contract';
import { Progress, type ProgressTone } from '../../../components/ui/progress.tsx';
import { cn } from '../../../components/ui/cn.ts';
import { formatUsage, usageState, usageStatusText, type UsageState } from '../usage.ts';

const toneOf: Record<Exclude<UsageState, 'unlimited'>, ProgressTone> = {
  ok: 'normal',
  warning: 'warning',
  exhausted: 'exhausted',
};

const statusColour: Record<UsageState, string> = {
  unlimited: 'text-accent-hover',
  ok: 'text-subtle',
  warning: 'text-amber-300',
  exhausted: 'text-red-300',
};

export interface UsageMeterProps {
  /** Accessible name of the meter, e.g. "Generations". */
  label: string;
  used: number;
  /** -1 = unlimited. */
  limit: number;
  /** `lg`: a card with a big figure (dashboard); `sm`: one compact row (generator header). */
  size?: 'sm' | 'lg';
  /** Decorative icon shown before the label in the `lg` size. */
  icon?: ReactNode;
  /** False when the plan is a workspace owner's, not the user's own. */
  own?: boolean;
  className?: string;
}

/**
 * A usage meter (SPEC §2.11): "used / limit", a progressbar whose `data-state` is
 * ok | warning | exhausted, and a status in words so colour is never the only signal.
 * Unlimited allowances get no progressbar, only the figure and "Unlimited".
 */
export function UsageMeter({
  label,
  used,
  limit,
  size = 'sm',
  icon,
  own = true,
  className,
}: UsageMeterProps) {
  const labelId = useId();
  const statusId = useId();
  const state = usageState(used, limit);
  const status = usageStatusText(used, limit, own);

  const bar =
    state === 'unlimited' ? (
      <div
        className="h-2 w-full rounded-full bg-gradient-to-r from-accent/60 via-accent/25 to-white/[0.04]"
        aria-hidden="true"
      />
    ) : (
      <Progress
        value={used}
        max={limit}
        tone={toneOf[state]}
        labelledBy={labelId}
        valueText={`${used} of ${limit} used. ${status}`}
        dataState={state}
        aria-describedby={statusId}
      />
    );

  const statusLine = (
    <p id={statusId} className={cn('flex items-center gap-1 text-xs', statusColour[state])}>
      {state === 'unlimited' ? <InfinityIcon className="size-3.5" aria-hidden="true" /> : null}
      {status}
    </p>
  );

  if (size === 'sm') {
    return (
      <div className={cn('min-w-0', className)} data-usage-state={state}>
        {/* In a narrow column "1 / Unlimited" goes under the label rather than over its neighbour. */}
        <div className="flex flex-wrap items-baseline justify-between gap-x-3">
          <span id={labelId} className="text-sm font-medium text-fg">
            {label}
          </span>
          <span className="text-sm whitespace-nowrap text-muted tabular-nums">
            {formatUsage(used, limit)}
          </span>
        </div>
        <div className="mt-2">{bar}</div>
        <div className="mt-1.5">{statusLine}</div>
      </div>
    );
  }

  return (
    <div className={cn('flex min-w-0 flex-col', className)} data-usage-state={state}>
      <div className="flex items-center gap-2.5">
        {icon}
        <span id={labelId} className="text-sm font-medium text-muted">
          {label}
        </span>
      </div>
      <p className="mt-3 text-2xl font-semibold tracking-tight text-fg tabular-nums">
        {used}
        <span className="ml-1.5 text-base font-normal text-subtle">
          / {limit === UNLIMITED ? 'Unlimited' : limit}
        </span>
      </p>
      <div className="mt-3">{bar}</div>
      <div className="mt-2">{statusLine}</div>
    </div>
  );
}
