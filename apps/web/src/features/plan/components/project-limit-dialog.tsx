import { FolderLock } from 'lucide-react';
import { MESSAGES, PLAN_LIMITS } from '@codewright/contract';
import { UpgradeDialog } from './upgrade-dialog.tsx';

export interface ProjectLimitDialogProps {
  open: boolean;
  onClose: () => void;
}

/**
 * "Project Limit Reached" (SPEC §2.13). Opened by the dashboard's New Project at the cap
 * and by the generator when a save answers 402 PROJECT_LIMIT_REACHED.
 */
export function ProjectLimitDialog({ open, onClose }: ProjectLimitDialogProps) {
  const freeCap = PLAN_LIMITS.free.maxProjects;
  return (
    <UpgradeDialog
      open={open}
      onClose={onClose}
      title={MESSAGES.projectLimitTitle}
      description={MESSAGES.projectLimitDescription}
    >
      <div className="flex items-start gap-3 rounded-xl border border-accent/25 bg-accent-soft/60 p-4">
        <span className="inline-flex size-9 shrink-0 items-center justify-center rounded-lg bg-accent/20 text-accent-hover">
          <FolderLock className="size-4.5" aria-hidden="true" />
        </span>
        <div className="min-w-0 text-sm">
          <p className="font-medium text-fg">
            The {PLAN_LIMITS.free.name} plan allows up to {freeCap} projects.
          </p>
          <p className="mt-1 text-muted">
            Upgrade to {PLAN_LIMITS.pro.name} for unlimited projects, unlimited generations and
            edits, and advanced AI models.
          </p>
        </div>
      </div>
    </UpgradeDialog>
  );
}
