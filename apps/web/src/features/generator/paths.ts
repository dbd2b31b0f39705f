/** Where a new project opens (SPEC §2.12). */
export const GENERATOR_PATH = '/generator';

/**
 * A saved project's own address, /generator/<id> (decision 038): a reload, Back and a link
 * shared with a workspace member open it. Without an id, a new project's.
 */
export function generatorPath(projectId?: string | null): string {
  return projectId ? `${GENERATOR_PATH}/${encodeURIComponent(projectId)}` : GENERATOR_PATH;
}

/** Navigation state the generator reads to open a saved project (SPEC §2.11, §2.12). */
export interface OpenProjectState {
  projectId: string;
  projectName: string;
  language: string;
  code: string;
}
