/**
 * Whether start-up (start-sequence.ts) could find a session, answered without the network and
 * without the rest of the SDK: a page may then leave the SDK unloaded while the answer is no,
 * because the visitor is signed out until they act. Each of the three start sources counts: a
 * parent frame (it may hand tokens over), auth parameters in the URL (tokens, a magic link, an
 * OAuth error to report) and a stored entry, readable or not.
 */
import { isFramed } from './parent-handoff.ts';
import { DEFAULT_STORAGE_KEY } from './token-store.ts';
import { readUrlHandoff } from './url-handoff.ts';

export function mayFindSession(win: Window, storageKey: string = DEFAULT_STORAGE_KEY): boolean {
  if (isFramed(win)) return true;
  if (readUrlHandoff(win.location.href)) return true;
  try {
    return win.localStorage.getItem(storageKey) !== null;
  } catch {
    // No usable storage: the SDK would keep tokens in memory, which a new page never has.
    return false;
  }
}
