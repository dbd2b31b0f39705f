import { useId } from 'react';
import { ArrowRight, Clock, FileCode2, Link2, Trash2 } from 'lucide-react';
import type { PlanName } from '@codewright/contract';
import type { Project } from '@codewright/sdk';
import { VisibilityNote } from '../../teams/index.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { formatProjectDate, formatProjectDateFull } from '../../../components/format-date.ts';

export interface ProjectCardProps {
  project: Project;
  /** The workspace's plan: decides the public/private sentence (SPEC §2.7). */
  plan?: PlanName;
  /** Who changed it last, as a name (docs/decisions/025). */
  changedBy?: string;
  /** False for a viewer: no Delete button (the server refuses it anyway). */
  canDelete?: boolean;
  /** Owners and editors may share (docs/decisions/027): shows the "Share link" button. */
  canShare?: boolean;
  onOpen: (project: Project) => void;
  onDelete: (project: Project) => void;
  onShare?: (project: Project) => void;
}

/**
 * One project (SPEC §2.11): name, language, description, updated date, Open, Share link and
 * Delete.
 */
export function ProjectCard({
  project,
  plan,
  changedBy,
  canDelete = true,
  canShare = false,
  onOpen,
  onDelete,
  onShare,
}: ProjectCardProps) {
  const headingId = useId();
  const description = project.description?.trim();
  return (
    <Card
      role="article"
      aria-labelledby={headingId}
      className="group flex h-full flex-col transition-colors hover:border-white/15"
      data-project-id={project.id}
    >
      <div className="flex items-start gap-3">
        <span
          className="inline-flex size-10 shrink-0 items-center justify-center rounded-xl border border-accent/20 bg-accent-soft text-accent-hover"
          aria-hidden="true"
        >
          <FileCode2 className="size-5" />
        </span>
        <div className="min-w-0 flex-1">
          <h3 id={headingId} className="truncate font-semibold text-fg" title={project.name}>
            {project.name}
          </h3>
          <Badge className="mt-1.5" data-testid="project-language">
            {project.language}
          </Badge>
        </div>
        {canShare && onShare ? (
          <Button
            variant="ghost"
            size="icon"
            className="-mt-1 -mr-2 text-subtle"
            aria-label={`Share link for ${project.name}`}
            title="Share link"
            onClick={() => onShare(project)}
          >
            <Link2 className="size-4" aria-hidden="true" />
          </Button>
        ) : null}
        {canDelete ? (
          <Button
            variant="ghost"
            size="icon"
            className="-mt-1 -mr-2 text-subtle hover:bg-red-400/10 hover:text-red-300"
            aria-label={`Delete project ${project.name}`}
            title="Delete project"
            onClick={() => onDelete(project)}
          >
            <Trash2 className="size-4" aria-hidden="true" />
          </Button>
        ) : null}
      </div>
      {description ? (
        <p className="mt-4 line-clamp-2 text-sm leading-relaxed break-words text-muted">
          {description}
        </p>
      ) : null}
      {plan && project.visibility ? (
        <VisibilityNote visibility={project.visibility} plan={plan} className="mt-3" />
      ) : null}
      {/* Grows so footers line up across a row, but always leaves a gap. */}
      <div className="min-h-5 flex-1" aria-hidden="true" />
      <div className="flex flex-wrap items-center justify-between gap-3 border-t border-border pt-4">
        <p className="flex items-center gap-1.5 text-xs text-subtle">
          <Clock className="size-3.5" aria-hidden="true" />
          <span>
            Updated{' '}
            <time dateTime={project.updatedAt} title={formatProjectDateFull(project.updatedAt)}>
              {formatProjectDate(project.updatedAt)}
            </time>
            {changedBy ? <span data-testid="changed-by"> by {changedBy}</span> : null}
          </span>
        </p>
        <Button
          variant="outline"
          size="sm"
          aria-describedby={headingId}
          onClick={() => onOpen(project)}
        >
          Open Project
          <ArrowRight className="size-3.5" aria-hidden="true" />
        </Button>
      </div>
    </Card>
  );
}
