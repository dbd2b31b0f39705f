import { Loader2, Wand2 } from 'lucide-react';
import { Button } from '../../components/ui/button.tsx';

/** "Fix with AI" as the panel's host offers it: what to run, and whether an answer is underway. */
export interface FixAction {
  run(): void;
  /** An answer is being written (the button waits). */
  busy: boolean;
  /** That answer is this fix. */
  fixing: boolean;
}

/**
 * "Fix with AI" (DESIGN §3.12, docs/preview.md): the host sends the current problems and the
 * code as an edit, through the generator's own edit flow; here it is only the button.
 */
export function FixButton({ fix, className }: { fix: FixAction; className?: string }) {
  return (
    <Button variant="primary" size="sm" className={className} onClick={fix.run} disabled={fix.busy}>
      {fix.fixing ? (
        <Loader2 className="size-3.5 animate-spin" aria-hidden="true" />
      ) : (
        <Wand2 className="size-3.5" aria-hidden="true" />
      )}
      {fix.fixing ? 'Fixing…' : 'Fix with AI'}
    </Button>
  );
}
