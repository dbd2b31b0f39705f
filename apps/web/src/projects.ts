import { client } from './sdk.ts';

/**
 * Saved project `projectId` as the caller may read it, or null when there is none for them.
 * Rejects as the SDK does (a malformed id is a 400, a lost connection a NetworkError).
 */
export async function readProject(projectId: string, signal: AbortSignal) {
  const rows = await client.db.from('projects').select('*').eq('id', projectId).abortSignal(signal);
  return rows[0] ?? null;
}
