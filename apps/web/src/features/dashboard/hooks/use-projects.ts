import { useCallback, useEffect, useState } from 'react';
import { toast } from 'sonner';
import { MESSAGES } from '@codewright/contract';
import type { Project } from '@codewright/sdk';
import { client } from '../../../sdk.ts';

export type ProjectsState =
  { status: 'loading' } | { status: 'ready'; projects: Project[] } | { status: 'error' };

export interface UseProjectsResult {
  state: ProjectsState;
  /** Loads the list again (the inline retry after a failure). */
  retry: () => void;
  /** Deletes a project on the server, then drops it from the list; toasts either way. */
  remove: (project: Project) => Promise<boolean>;
}

/** SPEC §7.1: the user's projects filtered by userId, newest first (updatedAt desc). */
async function listProjects(userId: string, signal: AbortSignal): Promise<Project[]> {
  return client.db
    .from('projects')
    .select('*')
    .eq('userId', userId)
    .order('updatedAt', { ascending: false })
    .abortSignal(signal);
}

/** The signed-in user's projects, with retry and delete (SPEC §2.11, toasts of §8.2). */
export function useProjects(userId: string): UseProjectsResult {
  const [state, setState] = useState<ProjectsState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    listProjects(userId, controller.signal).then(
      (projects) => {
        if (!controller.signal.aborted) setState({ status: 'ready', projects });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        console.error('Failed to load projects', error);
        toast.error(MESSAGES.loadProjectsFailed);
        setState({ status: 'error' });
      },
    );
    return () => controller.abort();
  }, [userId, attempt]);

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
        ? { status: 'ready', projects: current.projects.filter((p) => p.id !== project.id) }
        : current,
    );
    toast.success(MESSAGES.projectDeleted);
    return true;
  }, []);

  return { state, retry, remove };
}
