import { Link } from 'react-router';
import { Crown, Sparkles } from 'lucide-react';
import { PLAN_LIMITS, type PlanName } from '@codewright/contract';
import type { User } from '@codewright/sdk';
import { Badge, type BadgeTone } from '../../../components/ui/badge.tsx';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { useDocumentTitle } from '../../../hooks/use-document-title.ts';
import { RequireAuth } from '../../auth/index.ts';
import { usePlan, PRICING_PATH } from '../../plan/index.ts';
import { CtaStatsCard } from '../components/cta-stats-card.tsx';
import { DashboardSkeleton } from '../components/dashboard-skeleton.tsx';
import { PlanOverview } from '../components/plan-overview.tsx';
import { ProjectsSection } from '../components/projects-section.tsx';
import { useCtaStats } from '../hooks/use-cta-stats.ts';
import { useProjects } from '../hooks/use-projects.ts';
import { client } from '../../../sdk.ts';
import {
  WorkspaceSwitcher,
  useMemberNames,
  useWorkspaces,
  useWorkspacePlan,
  WorkspacePlanNote,
} from '../../teams/index.ts';

const badgeTone: Record<PlanName, BadgeTone> = {
  free: 'neutral',
  pro: 'accent',
  enterprise: 'success',
};

/** /dashboard, "Coding Workspace" (SPEC §2.11), guarded; a skeleton while auth or data loads. */
export function DashboardPage() {
  useDocumentTitle('Dashboard');
  return (
    <RequireAuth fallback={<DashboardSkeleton />}>
      {(user) => <Workspace key={user.id} user={user} />}
    </RequireAuth>
  );
}

function Workspace({ user }: { user: User }) {
  const { plan: ownPlan } = usePlan(user.id);
  const workspaces = useWorkspaces(user.id);
  const current = workspaces.current;
  const projects = useProjects(current?.id ?? null);
  const names = useMemberNames(current?.id ?? null);
  const ctaStats = useCtaStats();
  // The cards show the chosen workspace's plan: its owner's (docs/decisions/026).
  const shown = useWorkspacePlan(user.id, current, ownPlan);
  const view = shown === 'unavailable' ? (ownPlan ? { plan: ownPlan, own: true } : null) : shown;

  // One skeleton until both answers are in, so the page never assembles piece by piece.
  if (!view || (projects.state.status === 'loading' && workspaces.state.status !== 'error'))
    return <DashboardSkeleton />;
  const plan = view.plan;

  const projectCount = projects.state.status === 'ready' ? projects.state.projects.length : null;

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-10 sm:px-6 sm:py-14">
      <div className="flex flex-col gap-5 sm:flex-row sm:items-end sm:justify-between">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-3">
            <h1 className="text-3xl font-semibold tracking-tight text-fg">Coding Workspace</h1>
            <Badge tone={badgeTone[plan.plan]} data-plan={plan.plan} className="px-3 py-1">
              {plan.plan === 'free' ? null : <Crown className="size-3.5" aria-hidden="true" />}
              <span className="sr-only">{view.own ? 'Current plan: ' : 'Workspace plan: '}</span>
              {plan.limits.name} plan
            </Badge>
          </div>
          <p className="mt-2 truncate text-sm text-muted">
            Signed in as <span className="font-medium text-fg">{user.email}</span>
          </p>
        </div>
        {plan.plan === 'free' && view.own ? (
          <Link
            to={PRICING_PATH}
            className={buttonClasses('primary', 'md', 'self-start sm:self-auto')}
          >
            <Sparkles className="size-4" aria-hidden="true" />
            Upgrade to Pro
          </Link>
        ) : null}
      </div>

      {/* The switcher first: it decides the plan, usage and projects below it. */}
      {current && workspaces.workspaces.length > 1 ? (
        <div className="mt-8">
          <WorkspaceSwitcher
            workspaces={workspaces.workspaces}
            current={current}
            onSelect={workspaces.select}
          />
        </div>
      ) : null}
      {current ? (
        <WorkspacePlanNote
          workspace={current}
          plan={plan}
          own={view.own}
          ownerName={names.get(current.ownerId)}
        />
      ) : null}
      <PlanOverview plan={plan} projectCount={projectCount} own={view.own} />
      {ctaStats ? <CtaStatsCard stats={ctaStats} /> : null}
      <ProjectsSection
        projects={projects}
        maxProjects={current ? PLAN_LIMITS[current.plan].maxProjects : plan.limits.maxProjects}
        workspace={
          current
            ? {
                plan: current.plan,
                names,
                canEdit: client.workspaces.can('create', 'project', current),
                canShare: client.workspaces.can('share', 'project', current),
              }
            : undefined
        }
      />
    </div>
  );
}
