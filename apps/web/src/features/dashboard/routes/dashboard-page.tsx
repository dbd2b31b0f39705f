import { Link } from 'react-router';
import { Crown, Sparkles } from 'lucide-react';
import type { PlanName } from '@codewright/contract';
import type { User } from '@codewright/sdk';
import { Badge, type BadgeTone } from '../../../components/ui/badge.tsx';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { useDocumentTitle } from '../../../hooks/use-document-title.ts';
import { RequireAuth } from '../../auth/components/require-auth.tsx';
import { usePlan } from '../../plan/hooks/use-plan.ts';
import { PRICING_PATH } from '../../plan/components/upgrade-dialog.tsx';
import { DashboardSkeleton } from '../components/dashboard-skeleton.tsx';
import { PlanOverview } from '../components/plan-overview.tsx';
import { ProjectsSection } from '../components/projects-section.tsx';
import { useProjects } from '../hooks/use-projects.ts';

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
  const { plan } = usePlan(user.id);
  const projects = useProjects(user.id);

  // One skeleton until both answers are in, so the page never assembles piece by piece.
  if (!plan || projects.state.status === 'loading') return <DashboardSkeleton />;

  const projectCount = projects.state.status === 'ready' ? projects.state.projects.length : null;

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-10 sm:px-6 sm:py-14">
      <div className="flex flex-col gap-5 sm:flex-row sm:items-end sm:justify-between">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-3">
            <h1 className="text-3xl font-semibold tracking-tight text-fg">Coding Workspace</h1>
            <Badge tone={badgeTone[plan.plan]} data-plan={plan.plan} className="px-3 py-1">
              {plan.plan === 'free' ? null : <Crown className="size-3.5" aria-hidden="true" />}
              <span className="sr-only">Current plan: </span>
              {plan.limits.name} plan
            </Badge>
          </div>
          <p className="mt-2 truncate text-sm text-muted">
            Signed in as <span className="font-medium text-fg">{user.email}</span>
          </p>
        </div>
        {plan.plan === 'free' ? (
          <Link
            to={PRICING_PATH}
            className={buttonClasses('primary', 'md', 'self-start sm:self-auto')}
          >
            <Sparkles className="size-4" aria-hidden="true" />
            Upgrade to Pro
          </Link>
        ) : null}
      </div>

      <PlanOverview plan={plan} projectCount={projectCount} />
      <ProjectsSection projects={projects} maxProjects={plan.limits.maxProjects} />
    </div>
  );
}
