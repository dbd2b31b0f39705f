import { Info } from 'lucide-react';
import { OWNER_ROLE, PLAN_LIMITS } from '@codewright/contract';
import type { WorkspaceSummary } from '@codewright/sdk';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { ApiKeysCard } from './api-keys-card.tsx';
import { LockedIntegrationsCard } from './locked-integrations-card.tsx';
import { WebhooksCard } from './webhooks-card.tsx';

/**
 * The Settings screen's Integrations group, for the workspace chosen in the Workspace group:
 * its owner manages API keys and webhooks on a plan with custom integrations (Enterprise), sees them locked
 * on another; a member is told that only the owner does.
 */
export function IntegrationsSettings({
  workspace,
  loading,
}: {
  /** The workspace chosen in the Workspace group; null when none (loading or failed). */
  workspace: WorkspaceSummary | null;
  loading: boolean;
}) {
  if (!workspace && !loading) return null;
  return (
    <section aria-labelledby="settings-integrations" className="mt-12">
      <h2 id="settings-integrations" className="text-lg font-semibold text-fg">
        Integrations
      </h2>
      <div className="mt-4 space-y-4">
        {!workspace ? (
          <Skeleton className="h-32 w-full" />
        ) : workspace.role !== OWNER_ROLE ? (
          <p className="flex items-start gap-2 rounded-xl border border-border bg-surface/60 px-4 py-3 text-sm text-muted">
            <Info className="mt-0.5 size-4 shrink-0 text-subtle" aria-hidden="true" />
            <span>
              Only the owner of {workspace.name} manages its API keys and webhooks. Choose a
              workspace you own above to manage yours.
            </span>
          </p>
        ) : PLAN_LIMITS[workspace.plan].customIntegrations ? (
          <>
            <ApiKeysCard key={workspace.id} workspace={workspace} />
            <WebhooksCard key={`webhooks-${workspace.id}`} workspace={workspace} />
          </>
        ) : (
          <LockedIntegrationsCard plan={workspace.plan} />
        )}
      </div>
    </section>
  );
}
