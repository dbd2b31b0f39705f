import { useEffect, useState } from 'react';
import { isCodewrightError } from '@codewright/sdk';
import { readProject } from '../../../projects.ts';
import type { GeneratorNavState } from './use-generator.ts';

export type OpenedProject =
  | { status: 'loading' }
  | { status: 'ready'; initial: GeneratorNavState }
  /** No such project, or one the caller may not read: the server answers both the same way. */
  | { status: 'missing' }
  | { status: 'error'; retry: () => void };

/**
 * The project at /generator/<id>, read from the server on every arrival (a reload, Back, a shared
 * link) so it shows what is saved now: history entries keep the state they were opened with,
 * which may be older. /generator (no id) opens with what the navigation carried (`nav`).
 */
export function useOpenedProject(
  projectId: string | undefined,
  nav: GeneratorNavState,
): OpenedProject {
  const [attempt, setAttempt] = useState(0);
  const [found, setFound] = useState<{ id: string; result: OpenedProject } | null>(null);

  useEffect(() => {
    if (!projectId) return;
    const controller = new AbortController();
    const settle = (result: OpenedProject) => {
      if (!controller.signal.aborted) setFound({ id: projectId, result });
    };
    readProject(projectId, controller.signal).then(
      (project) => {
        if (!project) return settle({ status: 'missing' });
        settle({
          status: 'ready',
          initial: {
            projectId: project.id,
            projectName: project.name,
            language: project.language,
            code: project.code,
          },
        });
      },
      (error: unknown) => {
        // A malformed id is refused as bad input: for the visitor it is a project that is not there.
        const refused = isCodewrightError(error) && (error.status === 400 || error.status === 404);
        settle(
          refused
            ? { status: 'missing' }
            : {
                status: 'error',
                retry: () => {
                  setFound(null);
                  setAttempt((n) => n + 1);
                },
              },
        );
      },
    );
    return () => controller.abort();
  }, [projectId, attempt]);

  if (!projectId) return { status: 'ready', initial: nav };
  if (found?.id !== projectId) return { status: 'loading' };
  return found.result;
}
