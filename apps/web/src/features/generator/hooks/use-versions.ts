import { useCallback, useEffect, useRef, useState } from 'react';
import type { Version, VersionSummary } from '@codewright/contract';
import { CodewrightError } from '@codewright/sdk';
import { client } from '../../../sdk.ts';

/** What the History panel shows of a failed request: the server's message, or a generic one. */
export function versionErrorText(error: unknown, fallback: string): string {
  return error instanceof CodewrightError && error.message ? error.message : fallback;
}

interface Loaded {
  /** `${projectId}:${reloadKey}` of the request that answered. */
  key: string;
  projectId: string;
  list: VersionSummary[] | null;
  error: string | null;
}

/**
 * A saved project's versions for the History panel (SPEC §6 version control, DESIGN §2c):
 * the list (newest first, reloaded each time the panel opens and after a change), and the
 * code of any version, read once and kept (a version never changes).
 */
export function useVersions(projectId: string | null, active: boolean) {
  const [reloadKey, setReloadKey] = useState(0);
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const codes = useRef(new Map<string, Promise<Version>>());
  const key = `${projectId}:${reloadKey}`;

  useEffect(() => {
    if (!active || !projectId) return;
    const controller = new AbortController();
    const done = (list: VersionSummary[] | null, error: string | null) =>
      setLoaded((prev) => ({
        key,
        projectId,
        // A failed reload keeps the list it had.
        list: list ?? (prev?.projectId === projectId ? prev.list : null),
        error,
      }));
    client.versions.list(projectId, { signal: controller.signal }).then(
      (list) => {
        if (!controller.signal.aborted) done(list, null);
      },
      (err: unknown) => {
        if (controller.signal.aborted) return;
        console.error('Loading the history failed', err);
        done(null, versionErrorText(err, 'The history could not be loaded.'));
      },
    );
    return () => controller.abort();
  }, [projectId, active, key]);

  /** One version with its code (read once per id; another project's are never mixed in). */
  const read = useCallback(
    (versionId: string): Promise<Version> => {
      if (!projectId) return Promise.reject(new Error('The project is not saved'));
      const id = `${projectId}/${versionId}`;
      let found = codes.current.get(id);
      if (!found) {
        found = client.versions.get(projectId, versionId);
        found.catch(() => codes.current.delete(id));
        codes.current.set(id, found);
      }
      return found;
    },
    [projectId],
  );

  const mine = loaded?.projectId === projectId ? loaded : null;
  return {
    /** Another project's versions are never shown. */
    versions: mine?.list ?? null,
    loading: Boolean(active && projectId && mine?.key !== key),
    error: mine?.error ?? null,
    reload: useCallback(() => setReloadKey((k) => k + 1), []),
    read,
    /** Replaces one summary in the list (a new label). */
    replace: useCallback((next: VersionSummary) => {
      setLoaded((prev) =>
        prev
          ? { ...prev, list: prev.list?.map((v) => (v.id === next.id ? next : v)) ?? null }
          : prev,
      );
    }, []),
  };
}
