import { History } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { contextRefOf } from '@codewright/contract';
import { MessageContext } from '../context/message-context.tsx';
import { describeDraft, type GeneratorDraft } from '../draft.ts';

/** The offer of unsaved work found on this device after a reload or a crashed tab. */
export function RestoreOffer({
  draft,
  onRestore,
  onDiscard,
}: {
  draft: GeneratorDraft;
  onRestore: () => void;
  onDiscard: () => void;
}) {
  return (
    <section
      aria-labelledby="restore-title"
      className="mb-3 flex shrink-0 flex-col gap-2 rounded-xl border border-amber-300/30 bg-amber-300/[0.07] px-3 py-2.5 sm:flex-row sm:items-center"
      data-testid="restore-offer"
    >
      <History className="hidden size-4 shrink-0 text-amber-200 sm:block" aria-hidden="true" />
      <div className="min-w-0 flex-1 text-sm">
        <h2 id="restore-title" className="font-medium text-fg">
          Unsaved work from your last visit
        </h2>
        <p className="truncate text-xs text-muted">{describeDraft(draft)}</p>
        {/* The prompt's context chips come back too (docs/decisions/033). */}
        <MessageContext
          refs={(draft.chips ?? []).map(contextRefOf)}
          label="Context chips in this draft"
        />
        {draft.chipsLeftOut?.length ? (
          <p className="mt-1 text-xs text-amber-200" data-testid="restore-chips-left-out">
            Too large to keep on this device, add again:{' '}
            {draft.chipsLeftOut.map((ref) => ref.title).join(', ')}
          </p>
        ) : null}
      </div>
      <div className="flex gap-2">
        <Button size="sm" onClick={onRestore}>
          Restore
        </Button>
        <Button size="sm" variant="outline" onClick={onDiscard}>
          Discard
        </Button>
      </div>
    </section>
  );
}
