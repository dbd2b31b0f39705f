import type { AuthClient, Provider } from '@codewright/sdk';
import { MESSAGES } from '@codewright/contract';

/** Social providers the dialog knows how to show, in display order (SPEC §2.10). */
export const SOCIAL_PROVIDERS = [
  { id: 'google', label: 'Continue with Google', failure: MESSAGES.googleFailed },
  { id: 'github', label: 'Continue with GitHub', failure: MESSAGES.githubFailed },
] as const;
export type SocialProviderId = (typeof SOCIAL_PROVIDERS)[number]['id'];

/** The social providers among those the server reports as configured. */
export function socialProvidersOf(configured: Provider[]) {
  const ids = new Set(configured.map((p) => p.id));
  return SOCIAL_PROVIDERS.filter((p) => ids.has(p.id));
}

type OAuthCapable = { signInWithOAuth?: (params: { provider: string }) => Promise<unknown> };

/**
 * Starts a social sign-in. The SDK gains `signInWithOAuth` in the OAuth issue;
 * until then the buttons are hidden (the server lists no social provider), and
 * this path fails with the spec's message if it is ever reached.
 */
export async function signInWithSocial(
  auth: AuthClient,
  provider: SocialProviderId,
): Promise<void> {
  const start = (auth as AuthClient & OAuthCapable).signInWithOAuth;
  if (typeof start !== 'function') {
    throw new Error(
      SOCIAL_PROVIDERS.find((p) => p.id === provider)?.failure ?? MESSAGES.authFailed,
    );
  }
  await start.call(auth, { provider });
}

/** The text of a thrown error, or undefined when it carries none (SPEC §7.1: only the message is read). */
export function errorMessageOf(error: unknown): string | undefined {
  if (typeof error === 'object' && error !== null && 'message' in error) {
    const { message } = error as { message: unknown };
    if (typeof message === 'string' && message.trim()) return message;
  }
  return undefined;
}

/** Keeps a post-login redirect on this site: a same-origin path, never `//host` or a scheme. */
export function safeRedirectPath(value: string | null | undefined, fallback: string): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\'))
    return fallback;
  return value;
}
