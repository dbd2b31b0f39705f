import { useState } from 'react';
import type { WorkspaceSummary } from '@codewright/sdk';
import { useFocusAfter } from '../hooks/use-focus-after.ts';
import { LoadFailure } from '../../../components/load-failure.tsx';
import { SettingsCard } from '../../../components/settings-card.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useWebhooks } from '../hooks/use-webhooks.ts';
import { CreateWebhookForm } from './create-webhook-form.tsx';
import { WebhookList } from './webhook-list.tsx';
import { WebhookSecretDialog, type ShownSecret } from './webhook-secret-dialog.tsx';

/**
 * "Webhooks" of a workspace its owner manages on Enterprise: the webhooks with their delivery
 * logs, add, rotate a secret, delete (docs/api.md § Webhooks).
 */
export function WebhooksCard({ workspace }: { workspace: WorkspaceSummary }) {
  const { state, retry, create, rotate, remove } = useWebhooks(workspace.id);
  const [shown, setShown] = useState<ShownSecret | null>(null);
  // After the dialog closes or a row goes, focus goes to the list (use-focus-after.ts).
  const { listRef, focusList } = useFocusAfter();

  return (
    <SettingsCard
      title="Webhooks"
      description={`Codewright POSTs a signed JSON event to your URL when something happens in ${workspace.name}: a project made, changed or deleted, a version saved, an AI answer finished, a member joining or leaving.`}
    >
      {state.status === 'loading' ? (
        <Skeleton className="h-16 w-full" />
      ) : state.status === 'error' ? (
        <LoadFailure message={state.message} onRetry={retry} />
      ) : (
        <>
          <div ref={listRef} tabIndex={-1} className="outline-none">
            <WebhookList
              webhooks={state.webhooks}
              rotate={rotate}
              remove={remove}
              onRotated={(rotated) => setShown({ ...rotated, kind: 'rotated' })}
              onRemoved={focusList}
            />
          </div>
          <CreateWebhookForm
            create={create}
            onCreated={(created) => setShown({ ...created, kind: 'added' })}
          />
        </>
      )}
      <WebhookSecretDialog
        shown={shown}
        onClose={() => {
          setShown(null);
          focusList();
        }}
      />
    </SettingsCard>
  );
}
