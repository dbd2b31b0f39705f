import { toast } from 'sonner';
import { isCodewrightError } from '@codewright/sdk';

const LIMIT_CODES = new Set(['GENERATION_LIMIT_REACHED', 'EDIT_LIMIT_REACHED']);

/** The message to show for a failed context or media call: the server's own when it sent one. */
export function failureMessage(error: unknown, fallback: string): string {
  if (isCodewrightError(error) && error.status !== null && error.message) return error.message;
  if (isCodewrightError(error) && error.code === 'NETWORK_ERROR') return error.message;
  return fallback;
}

/** True when the call was refused because the month's meter is used up (402). */
export function isLimitError(error: unknown): boolean {
  return isCodewrightError(error) && LIMIT_CODES.has(error.code);
}

/** A toast for a failed call: a title, and what to do next from the server's message. */
export function toastFailure(title: string, error: unknown, fallback: string): void {
  if (!(error instanceof DOMException && error.name === 'AbortError')) {
    console.error(title, error);
    toast.error(title, { description: failureMessage(error, fallback) });
  }
}
