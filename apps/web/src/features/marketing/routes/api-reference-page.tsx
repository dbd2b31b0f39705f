import { RotateCw } from 'lucide-react';
import { PageHeader } from '../../../components/page-header.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { OPENAPI_DOCUMENT_PATH, useApiReference } from '../hooks/use-api-reference.ts';
import { usePageMeta } from '../hooks/use-page-meta.ts';

function Loading() {
  return (
    <div role="status" className="mx-auto max-w-6xl px-4 py-12 sm:px-6">
      <p className="text-sm text-muted">Loading the API reference…</p>
      <div className="mt-6 space-y-4">
        <Skeleton className="h-8 w-64 max-w-full" />
        <Skeleton className="h-4 w-full max-w-2xl" />
        <Skeleton className="h-4 w-5/6 max-w-xl" />
        <Skeleton className="mt-8 h-32 w-full" />
      </div>
    </div>
  );
}

function LoadError({ onRetry }: { onRetry: () => void }) {
  return (
    <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6">
      <div
        role="alert"
        className="rounded-2xl border border-dashed border-border-strong p-10 text-center"
      >
        <p className="font-medium text-fg">The API reference could not be loaded.</p>
        <p className="mt-1 text-sm text-muted">
          Check your connection and try again, or open the document itself.
        </p>
        <Button variant="outline" size="sm" className="mt-5" onClick={onRetry}>
          <RotateCw className="size-4" aria-hidden="true" />
          Try again
        </Button>
      </div>
    </div>
  );
}

/**
 * /api-reference: the server's OpenAPI document rendered by Scalar (docs/decisions/051). The
 * renderer is its own chunk, loaded by this page only; the heading is the target of the
 * footer's "API Reference" link (`#api`).
 */
export function ApiReferencePage() {
  usePageMeta(
    'API Reference',
    'Every Codewright API operation — auth, database, storage, AI and more — with its parameters, request bodies, answers and errors, from the OpenAPI 3.1 document.',
  );
  const { containerRef, status, retry } = useApiReference();

  return (
    <>
      <div id="api" className="scroll-mt-16">
        <PageHeader eyebrow="Docs" title="API Reference">
          Every operation of the API, generated from the server&apos;s own schemas. The same
          document is served as OpenAPI 3.1 at{' '}
          <a
            href={OPENAPI_DOCUMENT_PATH}
            className="font-mono text-[0.9em] text-violet-200 underline underline-offset-4 hover:text-fg"
          >
            {OPENAPI_DOCUMENT_PATH}
          </a>
          .
        </PageHeader>
      </div>
      {status === 'loading' ? <Loading /> : null}
      {status === 'error' ? <LoadError onRetry={retry} /> : null}
      {/* Scalar's mount point: React never renders into it, and Scalar needs it empty. */}
      <div ref={containerRef} className="cw-api-reference min-w-0" />
    </>
  );
}
