import { lazy, Suspense } from 'react';
import { Loader2 } from 'lucide-react';
import type * as PanelModule from './preview-panel.tsx';
import type { PreviewPanelProps } from './preview-panel.tsx';

export type { PreviewPanelProps, PreviewView } from './preview-panel.tsx';

let loading: Promise<typeof PanelModule> | undefined;
/** Loads the preview's chunk once; call it early (hover, a tab about to show) to warm it. */
export function loadPreviewPanel() {
  return (loading ??= import('./preview-panel.tsx'));
}

const Panel = lazy(() => loadPreviewPanel().then((m) => ({ default: m.PreviewPanel })));

/**
 * The live preview for /generator (DESIGN §3.12). Only this file is in the generator's chunk;
 * the panel, its sandbox host and the Console load when it first renders (docs/preview.md,
 * bench/preview-chunks.mjs checks it).
 */
export function LazyPreviewPanel(props: PreviewPanelProps) {
  return (
    <Suspense
      fallback={
        <div
          className="flex h-full items-center justify-center gap-2 bg-surface text-sm text-subtle"
          role="status"
        >
          <Loader2 className="size-4 animate-spin" aria-hidden="true" /> Loading preview…
        </div>
      }
    >
      <Panel {...props} />
    </Suspense>
  );
}
