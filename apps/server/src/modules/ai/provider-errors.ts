import { APICallError } from 'ai';
import { ERROR_MESSAGES } from '@codewright/contract';

/**
 * Why a model call was aborted: the client left (or pressed Stop), a time-out fired, or the
 * server's shutdown reached its drain deadline (plugins/drain.ts).
 */
export type AbortKind = 'client' | 'total-timeout' | 'first-token-timeout' | 'shutdown';

const PROVIDER_MESSAGES = {
  timeout: 'The AI model took too long to answer. Please try again.',
  unreachable: 'The AI model could not be reached. Please try again in a moment.',
  auth: 'The AI provider refused the server’s credentials. Ask the administrator to check the AI settings.',
  rateLimited: 'The AI provider is busy (rate limited). Please wait a moment and try again.',
  failed: (status?: number) =>
    `The AI model could not answer${status ? ` (provider error ${status})` : ''}. Please try again.`,
  cutOff: 'The AI model stopped answering midway. Please try again.',
};

/** A message a user understands for a provider failure; never the key or the provider's body. */
export function providerErrorMessage(error: unknown, abortKind: AbortKind | null): string {
  if (abortKind === 'shutdown') return ERROR_MESSAGES.SERVER_RESTARTING;
  if (abortKind === 'total-timeout' || abortKind === 'first-token-timeout')
    return PROVIDER_MESSAGES.timeout;
  const err = (error as { cause?: unknown; lastError?: unknown } | null) ?? null;
  const api = APICallError.isInstance(error)
    ? error
    : APICallError.isInstance(err?.lastError)
      ? err.lastError
      : null;
  if (api) {
    const status = api.statusCode;
    if (status === 401 || status === 403) return PROVIDER_MESSAGES.auth;
    if (status === 429) return PROVIDER_MESSAGES.rateLimited;
    if (status === undefined) return PROVIDER_MESSAGES.unreachable;
    return PROVIDER_MESSAGES.failed(status);
  }
  const text = String((error as { message?: unknown })?.message ?? error ?? '');
  if (/ECONNREFUSED|ENOTFOUND|EAI_AGAIN|fetch failed|ECONNRESET|socket/i.test(text)) {
    return PROVIDER_MESSAGES.unreachable;
  }
  if (/terminated|premature|aborted/i.test(text)) return PROVIDER_MESSAGES.cutOff;
  return PROVIDER_MESSAGES.failed();
}
