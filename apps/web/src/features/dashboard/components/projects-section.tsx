import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { AlertTriangle, FolderPlus, Plus, RotateCw } from 'lucide-react';
import { type PlanName, UNLIMITED } from '@codewright/contract';
import type { Project } from '@codewright/sdk';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { GENERATOR_PATH, generatorPath, type OpenProjectState } from '../../generator/index.ts';
import { ProjectLimitDialog } from '../../plan/index.ts';
import type { UseProjectsResult } from '../hooks/use-projects.ts';
import { ProjectGridSkeleton } from './dashboard-skeleton.tsx';
import { DeleteProjectDialog } from './delete-project-dialog.tsx';
import { ProjectCard } from './project-card.tsx';
import { ShareLinkDialog } from './share-link-dialog.tsx';

function EmptyState() {
  return (
    <div className="flex flex-col items-center rounded-2xl border border-dashed border-border-strong bg-surface/50 px-6 py-14 text-center">
      <span className="inline-flex size-12 items-center justify-center rounded-xl bg-accent-soft text-accent-hover">
        <FolderPlus className="size-6" aria-hidden="true" />
      </span>
      <p className="mt-4 font-medium text-fg">No projects yet</p>
      <p className="mt-1 max-w-sm text-sm text-muted">
        Describe what you want to build, let the AI write it, then save it here as a project.
      </p>
      <Link to={GENERATOR_PATH} className={buttonClasses('primary', 'md', 'mt-6')}>
        <Plus className="size-4" aria-hidden="true" />
        Create Your First Project
      </Link>
    </div>
  );
}

function LoadError({ onRetry }: { onRetry: () => void }) {
  return (
    <div
      role="alert"
      className="flex flex-col items-center rounded-2xl border border-red-400/20 bg-red-400/[0.05] px-6 py-12 text-center"
    >
      <AlertTriangle className="size-6 text-red-300" aria-hidden="true" />
      <p className="mt-3 font-medium text-fg">We couldn&apos;t load your projects.</p>
      <p className="mt-1 text-sm text-muted">Check your connection and try again.</p>
      <Button variant="outline" className="mt-5" onClick={onRetry}>
        <RotateCw className="size-4" aria-hidden="true" />
        Try again
      </Button>
    </div>
  );
}

export interface ProjectsSectionProps {
  projects: UseProjectsResult;
  /**
   * The workspace's plan, member names, whether the caller may add or delete projects there, and
   * whether they may share them (see and regenerate share links).
   */
  workspace?: {
    plan: PlanName;
    names: ReadonlyMap<string, string>;
    canEdit: boolean;
    canShare: boolean;
  };
  /** The plan's project cap; -1 = unlimited. */
  maxProjects: number;
}

/**
 * "Your Projects": list newest first, empty state, New Project with the cap check, share link,
 * delete.
 */
export function ProjectsSection({ projects, maxProjects, workspace }: ProjectsSectionProps) {
  const navigate = useNavigate();
  const [limitOpen, setLimitOpen] = useState(false);
  const [toDelete, setToDelete] = useState<Project | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [toShare, setToShare] = useState<Project | null>(null);
  const { state } = projects;
  const list = state.status === 'ready' ? state.projects : [];

  const newProject = () => {
    if (maxProjects !== UNLIMITED && list.length >= maxProjects) setLimitOpen(true);
    else void navigate(GENERATOR_PATH);
  };

  const openProject = (project: Project) => {
    const navState: OpenProjectState = {
      projectId: project.id,
      projectName: project.name,
      language: project.language,
      code: project.code,
    };
    void navigate(generatorPath(project.id), { state: navState });
  };

  const confirmDelete = async () => {
    if (!toDelete) return;
    setDeleting(true);
    await projects.remove(toDelete);
    setDeleting(false);
    setToDelete(null);
  };

  return (
    <section aria-labelledby="projects-title" className="mt-12">
      <div className="mb-4 flex items-center justify-between gap-4">
        <h2 id="projects-title" className="text-lg font-semibold text-fg">
          Your Projects
          {list.length > 0 ? (
            <span className="ml-2 text-sm font-normal text-subtle">({list.length})</span>
          ) : null}
        </h2>
        {list.length > 0 && (workspace?.canEdit ?? true) ? (
          <Button size="sm" onClick={newProject}>
            <Plus className="size-4" aria-hidden="true" />
            New Project
          </Button>
        ) : null}
      </div>

      {state.status === 'loading' ? (
        <div role="status">
          <span className="sr-only">Loading projects…</span>
          <ProjectGridSkeleton />
        </div>
      ) : state.status === 'error' ? (
        <LoadError onRetry={projects.retry} />
      ) : list.length === 0 ? (
        <EmptyState />
      ) : (
        <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {list.map((project) => (
            <li key={project.id} className="min-w-0">
              <ProjectCard
                project={project}
                plan={workspace?.plan}
                changedBy={project.updatedBy ? workspace?.names.get(project.updatedBy) : undefined}
                canDelete={workspace?.canEdit ?? true}
                canShare={workspace?.canShare ?? false}
                onOpen={openProject}
                onDelete={setToDelete}
                onShare={setToShare}
              />
            </li>
          ))}
        </ul>
      )}

      <ProjectLimitDialog open={limitOpen} onClose={() => setLimitOpen(false)} />
      <ShareLinkDialog
        project={toShare}
        onClose={() => setToShare(null)}
        onRegenerate={projects.regenerateShareToken}
      />
      <DeleteProjectDialog
        project={toDelete}
        busy={deleting}
        onCancel={() => setToDelete(null)}
        onConfirm={() => void confirmDelete()}
      />
    </section>
  );
}
