import { useId, type ReactNode } from 'react';
import { BrainCircuit, FolderKanban, PencilLine, Sparkles, type LucideIcon } from 'lucide-react';
import { UNLIMITED } from '@codewright/contract';
import type { PlanInfo } from '@codewright/sdk';
import { Card } from '../../../components/ui/card.tsx';
import { Progress } from '../../../components/ui/progress.tsx';
import { cn } from '../../../components/ui/cn.ts';
import { UsageMeter, UNLIMITED_ON_WORKSPACE_PLAN, usageState } from '../../plan/index.ts';

function IconChip({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <span
      className={cn(
        'inline-flex size-8 shrink-0 items-center justify-center rounded-lg bg-accent-soft text-accent-hover',
        className,
      )}
      aria-hidden="true"
    >
      {children}
    </span>
  );
}

/** A card's top row: its icon, then its label (`children`). */
function CardHeading({ icon: Icon, children }: { icon: LucideIcon; children: ReactNode }) {
  return (
    <div className="flex items-center gap-2.5">
      <IconChip>
        <Icon className="size-4" />
      </IconChip>
      {children}
    </div>
  );
}

/** A monthly allowance (Generations, Edits) as a large usage meter on a card. */
function UsageCard({
  label,
  used,
  limit,
  icon: Icon,
  own,
}: {
  label: string;
  used: number;
  limit: number;
  icon: LucideIcon;
  own: boolean;
}) {
  return (
    <Card>
      <UsageMeter
        size="lg"
        label={label}
        used={used}
        limit={limit}
        own={own}
        icon={
          <IconChip>
            <Icon className="size-4" />
          </IconChip>
        }
      />
    </Card>
  );
}

/** "n of 3" on a capped plan, "n" when unlimited (SPEC §2.11). */
function ProjectCountCard({
  count,
  limit,
  own,
}: {
  count: number | null;
  limit: number;
  own: boolean;
}) {
  const labelId = useId();
  const unlimited = limit === UNLIMITED;
  if (count === null) {
    return (
      <Card className="flex flex-col">
        <CardHeading icon={FolderKanban}>
          <span className="text-sm font-medium text-muted">Projects</span>
        </CardHeading>
        <p className="mt-3 text-2xl font-semibold tracking-tight text-subtle">—</p>
        <p className="mt-auto pt-3 text-xs text-subtle">Count unavailable</p>
      </Card>
    );
  }
  const state = usageState(count, limit);
  const left = Math.max(0, limit - count);
  const status = unlimited
    ? own
      ? 'Unlimited on your plan'
      : UNLIMITED_ON_WORKSPACE_PLAN
    : state === 'exhausted'
      ? 'Limit reached'
      : `${left} ${left === 1 ? 'slot' : 'slots'} left`;
  return (
    <Card className="flex flex-col">
      <CardHeading icon={FolderKanban}>
        <span id={labelId} className="text-sm font-medium text-muted">
          Projects
        </span>
      </CardHeading>
      <p className="mt-3 text-2xl font-semibold tracking-tight text-fg tabular-nums">
        {count}
        {unlimited ? null : (
          <span className="ml-1.5 text-base font-normal text-subtle">of {limit}</span>
        )}
      </p>
      <div className="mt-3">
        {unlimited ? (
          <div
            className="h-2 w-full rounded-full bg-gradient-to-r from-accent/60 via-accent/25 to-white/[0.04]"
            aria-hidden="true"
          />
        ) : (
          <Progress
            value={count}
            max={limit}
            tone={state === 'exhausted' ? 'exhausted' : state === 'warning' ? 'warning' : 'normal'}
            labelledBy={labelId}
            valueText={`${count} of ${limit} projects. ${status}`}
            dataState={state}
          />
        )}
      </div>
      <p
        className={cn(
          'mt-2 text-xs',
          state === 'exhausted' ? 'text-red-300' : unlimited ? 'text-accent-hover' : 'text-subtle',
        )}
      >
        {status}
      </p>
    </Card>
  );
}

function AiModelsCard({ advanced }: { advanced: boolean }) {
  return (
    <Card className="flex flex-col">
      <CardHeading icon={BrainCircuit}>
        <h3 className="text-sm font-medium text-muted">AI Models</h3>
      </CardHeading>
      <p
        className="mt-3 text-2xl font-semibold tracking-tight text-fg"
        data-ai-tier={advanced ? 'advanced' : 'basic'}
      >
        {advanced ? 'Advanced' : 'Basic'}
      </p>
      <p className="mt-auto pt-3 text-xs text-subtle">
        {advanced
          ? 'The most capable models for every prompt'
          : 'Upgrade to Pro for advanced models'}
      </p>
    </Card>
  );
}

/** The four cards under the heading: Generations, Edits, project count and AI Models. */
export function PlanOverview({
  plan,
  projectCount,
  own = true,
}: {
  plan: PlanInfo;
  /** False when `plan` is the workspace owner's, shown to a member (docs/decisions/026). */
  own?: boolean;
  /** null while the list is unavailable (load failure). */
  projectCount: number | null;
}) {
  return (
    <section aria-labelledby="usage-title" className="mt-10">
      <h2 id="usage-title" className="sr-only">
        Plan and usage this month
      </h2>
      <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        {[
          {
            label: 'Generations',
            used: plan.usage.generationsUsed,
            limit: plan.limits.generationsPerMonth,
            icon: Sparkles,
          },
          {
            label: 'Edits',
            used: plan.usage.editsUsed,
            limit: plan.limits.editsPerMonth,
            icon: PencilLine,
          },
        ].map((meter) => (
          <UsageCard key={meter.label} {...meter} own={own} />
        ))}
        <ProjectCountCard count={projectCount} limit={plan.limits.maxProjects} own={own} />
        <AiModelsCard advanced={plan.limits.advancedAI} />
      </div>
    </section>
  );
}
