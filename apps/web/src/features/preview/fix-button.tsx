import { Loader2, Wand2, Zap } from 'lucide-react';
import { Button } from '../../components/ui/button.tsx';
import { cn } from '../../components/ui/cn.ts';

/** "Fix with AI" as the panel's host offers it: what to run, and whether an answer is underway. */
export interface FixAction {
  run(): void;
  /** An answer is being written (the button waits). */
  busy: boolean;
  /** That answer is this fix. */
  fixing: boolean;
  /** A quick fix of the first problem it knows (issue 52): no model call; offered before AI. */
  quick?: { title: string; run(): void } | null;
}

/**
 * "Fix with AI" (DESIGN §3.12, docs/preview.md): the host sends the current problems and the
 * code as an edit, through the generator's own edit flow; here it is only the button. A quick
 * fix, when one is known, comes first.
 */
export function FixButton({ fix, className }: { fix: FixAction; className?: string }) {
  const ai = (
    <Button
      variant={fix.quick ? 'outline' : 'primary'}
      size="sm"
      className={className}
      onClick={fix.run}
      disabled={fix.busy}
    >
      {fix.fixing ? (
        <Loader2 className="size-3.5 animate-spin" aria-hidden="true" />
      ) : (
        <Wand2 className="size-3.5" aria-hidden="true" />
      )}
      {fix.fixing ? 'Fixing…' : 'Fix with AI'}
    </Button>
  );
  if (!fix.quick) return ai;
  const { quick } = fix;
  return (
    <>
      <Button
        variant="primary"
        size="sm"
        className={cn('max-w-full', className)}
        onClick={quick.run}
        disabled={fix.busy}
        title={`Quick fix: ${quick.title}. Made without AI: no edit is used, and you review the change first.`}
      >
        <Zap className="size-3.5 shrink-0" aria-hidden="true" />
        <span className="truncate">Quick fix: {quick.title}</span>
      </Button>
      {ai}
    </>
  );
}
