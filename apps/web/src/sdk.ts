import { createClient } from '@codewright/sdk';
import { env } from './env.ts';

/** The one SDK client of the web app; everything else receives it through context. */
export const client = createClient({
  projectId: env.projectId,
  ...(env.apiBaseUrl ? { baseUrl: env.apiBaseUrl } : {}),
});
