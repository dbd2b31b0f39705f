import { useState } from 'react';
import type { CreatedApiKey, WorkspaceSummary } from '@codewright/sdk';
import { useFocusAfter } from '../hooks/use-focus-after.ts';
import { LoadFailure } from '../../../components/load-failure.tsx';
import { SettingsCard } from '../../../components/settings-card.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useApiKeys } from '../hooks/use-api-keys.ts';
import { ApiKeyList } from './api-key-list.tsx';
import { CreateKeyForm } from './create-key-form.tsx';
import { NewKeyDialog } from './new-key-dialog.tsx';

/** "API keys" of a workspace its owner manages on Enterprise: the live keys, create, revoke. */
export function ApiKeysCard({ workspace }: { workspace: WorkspaceSummary }) {
  const { state, retry, create, revoke } = useApiKeys(workspace.id);
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  // After the dialog closes or a row goes, focus goes to the list (use-focus-after.ts).
  const { listRef, focusList } = useFocusAfter();

  return (
    <SettingsCard
      title="API keys"
      description={
        <>
          A key acts as you in {workspace.name}, from CI or your own scripts: send it as{' '}
          <code className="font-mono text-xs text-fg">Authorization: Bearer cwk_…</code>. A read key
          can only read.
        </>
      }
    >
      {state.status === 'loading' ? (
        <Skeleton className="h-16 w-full" />
      ) : state.status === 'error' ? (
        <LoadFailure message={state.message} onRetry={retry} />
      ) : (
        <>
          <div ref={listRef} tabIndex={-1} className="outline-none">
            <ApiKeyList keys={state.keys} revoke={revoke} onRevoked={focusList} />
          </div>
          <CreateKeyForm create={create} onCreated={setCreated} />
        </>
      )}
      <NewKeyDialog
        created={created}
        onClose={() => {
          setCreated(null);
          focusList();
        }}
      />
    </SettingsCard>
  );
}
