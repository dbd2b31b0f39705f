import { DEFAULT_APP_PROJECT_ID } from '@codewright/contract';

/**
 * The only reader of `import.meta.env` (CONVENTIONS habit 3). Values are fixed
 * at build time by Vite; a bad one fails loudly at boot with every problem listed.
 */
interface WebEnv {
  /** App project id used in /api/{module}/{project}/… paths. */
  projectId: string;
  /** API origin; '' means the page's own origin (the server serves both). */
  apiBaseUrl: string;
  /** True in `vite` dev mode. */
  isDev: boolean;
}

function readEnv(): WebEnv {
  const raw = import.meta.env;
  const problems: string[] = [];

  const projectId =
    (raw.VITE_APP_PROJECT_ID as string | undefined)?.trim() || DEFAULT_APP_PROJECT_ID;
  if (!/^[a-z0-9][a-z0-9_-]{0,62}$/i.test(projectId)) {
    problems.push(`VITE_APP_PROJECT_ID must be letters, digits, "-" or "_" (got "${projectId}")`);
  }

  const apiBaseUrl = ((raw.VITE_API_BASE_URL as string | undefined) ?? '')
    .trim()
    .replace(/\/+$/, '');
  if (apiBaseUrl && !/^https?:\/\//.test(apiBaseUrl)) {
    problems.push(`VITE_API_BASE_URL must be an http(s) URL or empty (got "${apiBaseUrl}")`);
  }

  if (problems.length > 0) {
    throw new Error(`Invalid web environment:\n- ${problems.join('\n- ')}`);
  }
  return { projectId, apiBaseUrl, isDev: Boolean(raw.DEV) };
}

export const env: WebEnv = readEnv();
