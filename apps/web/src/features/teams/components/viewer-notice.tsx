import { Eye } from 'lucide-react';

/** Shown instead of the prompt composer to a workspace viewer (docs/decisions/025). */
export function ViewerNotice() {
  return (
    <p
      className="flex shrink-0 items-start gap-2 rounded-2xl border border-border bg-surface px-4 py-3 text-sm text-muted"
      data-testid="viewer-notice"
    >
      <Eye className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      You are a viewer in this workspace: you can read this project, but not generate, edit or save
      it.
    </p>
  );
}
