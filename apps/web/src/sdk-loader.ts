import { mayFindSession } from '@codewright/sdk';
import type { CodewrightClientInternals } from '@codewright/sdk';

/**
 * The SDK client for code that runs on the public pages (docs/decisions/045). It is fetched in a
 * chunk of its own, not with the entry: a signed-out visitor's first page needs none of it, and it
 * carries the role table and the workspace routes. The signed-in screens import sdk.ts directly;
 * their chunks load after this decision has been made.
 *
 * The client loads at once when start-up may find a session (a stored one, tokens or a magic link
 * in the URL, a parent frame); otherwise on the visitor's first interaction or after LOAD_AFTER_MS
 * of the page being shown, whichever comes first, so the page view is still sent.
 */
type Client = CodewrightClientInternals;

/** Long enough for the page to finish loading and settle; under the analytics flush of 3 s. */
export const LOAD_AFTER_MS = 2_000;

const INTERACTIONS = ['pointerdown', 'keydown', 'touchstart', 'focusin'] as const;

let resolveLoaded: (client: Client) => void = () => undefined;
/** Resolves once the client is loaded, whoever asked; never starts the load itself. */
export const clientLoaded: Promise<Client> = new Promise((resolve) => (resolveLoaded = resolve));

let loading: Promise<Client> | null = null;
let scheduled = false;

/** Loads the client now (or returns the load under way) and resolves with it. */
export function loadClient(): Promise<Client> {
  loading ??= import('./sdk.ts').then(({ client }) => {
    resolveLoaded(client);
    return client;
  });
  return loading;
}

/** True when start-up may find a session, so the visitor may be signed in. */
export function mayBeSignedIn(): boolean {
  return mayFindSession(window);
}

/** Schedules the load: now when a session may exist, else on interaction or after a while. */
export function scheduleClientLoad(): void {
  if (scheduled) return;
  scheduled = true;
  if (mayBeSignedIn()) {
    void loadClient();
    return;
  }
  const start = () => {
    window.clearTimeout(timer);
    for (const type of INTERACTIONS) window.removeEventListener(type, start, true);
    void loadClient();
  };
  const timer = window.setTimeout(start, LOAD_AFTER_MS);
  for (const type of INTERACTIONS) {
    window.addEventListener(type, start, { capture: true, passive: true });
  }
}
