import { FolderLock } from 'lucide-react';
import { MESSAGES, PLAN_LIMITS } from '@codewright/contract';
import { LimitNote, UpgradeDialog } from './upgrade-dialog.tsx';

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
      <LimitNote
        icon={FolderLock}
        headline={`The ${PLAN_LIMITS.free.name} plan allows up to ${freeCap} projects.`}
      >
        Upgrade to {PLAN_LIMITS.pro.name} for unlimited projects, unlimited generations and edits,
        and advanced AI models.
      </LimitNote>
    </UpgradeDialog>
  );
}
