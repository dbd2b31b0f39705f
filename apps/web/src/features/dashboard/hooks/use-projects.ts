import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { MESSAGES } from '@codewright/contract';
import type { Project } from '@codewright/sdk';
import { client } from '../../../sdk.ts';
import { projectChangeOf, useChannel } from '../../realtime/index.ts';

/** Changes that come together (a bulk delete, a restore) reload the list once. */
const LIVE_RELOAD_DELAY_MS = 150;

export type ProjectsState =
  { status: 'loading' } | { status: 'ready'; projects: Project[] } | { status: 'error' };

export interface UseProjectsResult {
  state: ProjectsState;
  /** Loads the list again (the inline retry after a failure). */
  retry: () => void;
  /** Deletes a project on the server, then drops it from the list; toasts either way. */
  remove: (project: Project) => Promise<boolean>;
  /** A new share token for a project (the old link stops working); throws the SDK's error. */
  regenerateShareToken: (project: Project) => Promise<string>;
}

/** The projects of one workspace (docs/decisions/025), newest first (updatedAt desc). */
async function listProjects(workspaceId: string, signal: AbortSignal): Promise<Project[]> {
  return client.db
    .from('projects')
    .select('*')
    .eq('workspaceId', workspaceId)
    .order('updatedAt', { ascending: false })
    .abortSignal(signal);
}

/**
 * The projects of the chosen workspace, with retry and delete (SPEC §2.11, toasts of §8.2);
 * loading until the workspace is known. A teammate's change (the workspace's realtime channel)
 * reloads the list in place; a failed live reload keeps the list shown.
 */
export function useProjects(workspaceId: string | null): UseProjectsResult {
  const [loaded, setState] = useState<ProjectsState & { for?: string }>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [live, setLive] = useState(0);
  const quiet = useRef(false);
  const pending = useRef<ReturnType<typeof setTimeout> | null>(null);
  useChannel(workspaceId ? `workspace:${workspaceId}` : null, (message) => {
    if (!projectChangeOf(message) || pending.current) return;
    pending.current = setTimeout(() => {
      pending.current = null;
      quiet.current = true;
      setLive((n) => n + 1);
    }, LIVE_RELOAD_DELAY_MS);
  });
  useEffect(() => () => clearTimeout(pending.current ?? undefined), []);
  // An answer for another workspace (the switcher just changed) reads as loading.
  const state: ProjectsState =
    loaded.status === 'loading' || loaded.for === workspaceId ? loaded : { status: 'loading' };

  useEffect(() => {
    if (!workspaceId) return;
    const controller = new AbortController();
    const isQuiet = quiet.current;
    quiet.current = false;
    listProjects(workspaceId, controller.signal).then(
      (projects) => {
        if (!controller.signal.aborted) setState({ status: 'ready', projects, for: workspaceId });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        console.error('Failed to load projects', error);
        if (isQuiet) return;
        toast.error(MESSAGES.loadProjectsFailed);
        setState({ status: 'error', for: workspaceId });
      },
    );
    return () => controller.abort();
  }, [workspaceId, attempt, live]);

  const retry = useCallback(() => {
    setState({ status: 'loading' });
    setAttempt((n) => n + 1);
  }, []);

  const remove = useCallback(async (project: Project) => {
    try {
      await client.db.from('projects').delete().eq('id', project.id);
    } catch (error) {
      console.error('Failed to delete project', error);
      toast.error(MESSAGES.deleteProjectFailed);
      return false;
    }
    setState((current) =>
      current.status === 'ready'
        ? { ...current, projects: current.projects.filter((p) => p.id !== project.id) }
        : current,
    );
    toast.success(MESSAGES.projectDeleted);
    return true;
  }, []);

  const regenerateShareToken = useCallback(async (project: Project) => {
    const shareToken = await client.workspaces.regenerateShareToken(project.id);
    setState((current) =>
      current.status === 'ready'
        ? {
            ...current,
            projects: current.projects.map((p) => (p.id === project.id ? { ...p, shareToken } : p)),
          }
        : current,
    );
    return shareToken;
  }, []);

  return { state, retry, remove, regenerateShareToken };
}
