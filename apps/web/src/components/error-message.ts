/** The text to show for a failed call: the server's message, or a generic next step. */
export function messageOf(error: unknown): string {
  return error instanceof Error && error.message
    ? error.message
    : 'Something went wrong. Please try again.';
}
