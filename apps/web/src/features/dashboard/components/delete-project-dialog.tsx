import type { Project } from '@codewright/sdk';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';

export interface DeleteProjectDialogProps {
  /** The project to delete; null keeps the dialog closed. */
  project: Project | null;
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

/** Asks before a project is deleted (SPEC §2.11): Cancel / Delete, busy while the call runs. */
export function DeleteProjectDialog({
  project,
  busy,
  onCancel,
  onConfirm,
}: DeleteProjectDialogProps) {
  return (
    <ConfirmDialog
      open={project !== null}
      title="Delete project?"
      description={
        project ? (
          <>
            <span className="font-medium break-words text-fg">{project.name}</span> will be
            permanently deleted. This can&apos;t be undone.
          </>
        ) : undefined
      }
      confirmLabel="Delete"
      busyLabel="Deleting…"
      tone="danger"
      busy={busy}
      onCancel={onCancel}
      onConfirm={onConfirm}
    />
  );
}
