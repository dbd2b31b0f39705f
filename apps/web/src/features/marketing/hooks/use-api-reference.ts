import { useCallback, useEffect, useRef, useState } from 'react';
import { env } from '../../../env.ts';

/** Where the server serves its OpenAPI document (docs/api.md). */
export const OPENAPI_DOCUMENT_PATH = '/api/openapi.json';

/**
 * The OpenAPI document in an answer of GET /api/openapi.json, or an error that says what was
 * wrong: a failed answer, or JSON that is not an OpenAPI document (a proxy's error page).
 */
export async function readOpenApiDocument(response: Response): Promise<object> {
  if (!response.ok) throw new Error(`The server answered ${response.status}.`);
  const document: unknown = await response.json().catch(() => null);
  const isOpenApi =
    typeof document === 'object' &&
    document !== null &&
    typeof (document as { openapi?: unknown }).openapi === 'string' &&
    typeof (document as { paths?: unknown }).paths === 'object';
  if (!isOpenApi) throw new Error('The answer is not an OpenAPI document.');
  return document as object;
}

export type ApiReferenceStatus = 'loading' | 'ready' | 'error';

/**
 * Loads the OpenAPI document and the renderer's chunk side by side, then mounts the renderer into
 * the element of `containerRef` (kept empty by the caller). The document is fetched here, not by
 * the renderer, so a failure shows our error state and `retry` runs both steps again.
 */
export function useApiReference() {
  const containerRef = useRef<HTMLDivElement>(null);
  const [status, setStatus] = useState<ApiReferenceStatus>('loading');
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const abort = new AbortController();
    let unmount: (() => void) | undefined;
    // Not the SDK: a public document needs no session, and the SDK is not loaded on public pages.
    const document = fetch(`${env.apiBaseUrl}${OPENAPI_DOCUMENT_PATH}`, {
      signal: abort.signal,
      headers: { accept: 'application/json' },
    }).then(readOpenApiDocument);
    const renderer = import('../components/scalar-reference.ts').then((m) => m.loadApiReference());
    Promise.all([document, renderer]).then(
      ([doc, mountApiReference]) => {
        const container = containerRef.current;
        if (abort.signal.aborted || !container) return;
        unmount = mountApiReference(container, doc);
        setStatus('ready');
      },
      () => {
        if (!abort.signal.aborted) setStatus('error');
      },
    );
    return () => {
      abort.abort();
      unmount?.();
    };
  }, [attempt]);

  const retry = useCallback(() => {
    setStatus('loading');
    setAttempt((n) => n + 1);
  }, []);

  return { containerRef, status, retry };
}
