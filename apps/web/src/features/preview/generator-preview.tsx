import { MonitorPlay } from 'lucide-react';
import { PREVIEW_RUNS_TEXT } from '@codewright/contract';
import { LazyPreviewPanel, type PreviewPanelProps } from './lazy-preview-panel.tsx';

export interface GeneratorPreviewProps extends PreviewPanelProps {
  /** False until the preview opens: a placeholder stands in and none of its code loads. */
  open: boolean;
}

/**
 * The generator's preview column or tab (docs/decisions/021): the live preview once it opens,
 * until then a placeholder that costs nothing to show.
 */
export function GeneratorPreview({ open, ...panel }: GeneratorPreviewProps) {
  return (
    <div
      className="flex min-h-[16rem] min-w-0 flex-1 flex-col overflow-hidden rounded-2xl border border-border bg-surface"
      data-testid="generator-preview"
    >
      {open ? (
        <LazyPreviewPanel className="min-h-0 flex-1" {...panel} />
      ) : (
        <div className="flex flex-1 flex-col items-center justify-center gap-3 p-6 text-center">
          <MonitorPlay className="size-8 text-subtle" aria-hidden="true" />
          <p className="font-medium text-fg">Nothing to preview yet</p>
          <p className="max-w-sm text-sm text-muted">
            Generate or write code and it runs here, in a sandbox on your machine.{' '}
            {PREVIEW_RUNS_TEXT}
          </p>
        </div>
      )}
    </div>
  );
}
