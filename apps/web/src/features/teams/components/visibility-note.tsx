import { Globe, Lock } from 'lucide-react';
import {
  FREE_PUBLIC_NOTICE,
  PLAN_LIMITS,
  type PlanName,
  PRIVATE_NOTICE,
  PUBLIC_NOTICE,
} from '@codewright/contract';
import { cn } from '../../../components/ui/cn.ts';

/** The sentence that says whether a project is public (SPEC §2.7; the Free text is fixed). */
export function visibilityText(visibility: 'public' | 'private', plan: PlanName): string {
  if (visibility === 'private') return PRIVATE_NOTICE;
  return PLAN_LIMITS[plan].privateProjects ? PUBLIC_NOTICE : FREE_PUBLIC_NOTICE;
}

/** Public or private, plainly, with an icon; used by the save dialog and the dashboard card. */
export function VisibilityNote({
  visibility,
  plan,
  className,
}: {
  visibility: 'public' | 'private';
  plan: PlanName;
  className?: string;
}) {
  const Icon = visibility === 'public' ? Globe : Lock;
  return (
    <p
      className={cn('flex items-start gap-1.5 text-xs text-muted', className)}
      data-testid="project-visibility"
      data-visibility={visibility}
    >
      <Icon className="mt-0.5 size-3.5 shrink-0" aria-hidden="true" />
      <span>{visibilityText(visibility, plan)}</span>
    </p>
  );
}
