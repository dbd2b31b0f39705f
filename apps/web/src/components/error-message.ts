import { isCodewrightError } from '@codewright/sdk';

/** The text to show for a failed call: the server's message, or a generic next step. */
export function messageOf(error: unknown): string {
  return error instanceof Error && error.message
    ? error.message
    : 'Something went wrong. Please try again.';
}

/** A link's token the server does not know (404: unknown, expired, revoked, used) or refuses (400). */
export function isDeadLink(error: unknown): boolean {
  return isCodewrightError(error) && (error.status === 404 || error.status === 400);
}
