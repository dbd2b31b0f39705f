import { useEffect } from 'react';
import { useBlocker } from 'react-router';

/** Set once the page is left on purpose, its unsaved work kept elsewhere (a draft). */
let leavingOnPurpose = false;

/** Loads `url` afresh without the browser's question: the caller has kept the unsaved work. */
export function reloadWithoutAsking(url: string): void {
  leavingOnPurpose = true;
  window.location.assign(url);
}

/**
 * Leaving with unsaved changes asks first: the browser's own question on reload or close
 * (beforeunload), and a blocker for navigations inside the app, whose state the page turns
 * into a dialog (blocked → proceed or reset). Moving to `ownPath`, the open project's own
 * address (a new project just saved), is not leaving.
 */
export function useLeaveGuard(unsaved: boolean, ownPath: string) {
  useEffect(() => {
    if (!unsaved) return;
    const ask = (event: BeforeUnloadEvent) => {
      if (leavingOnPurpose) return;
      event.preventDefault();
      // Older browsers need a return value to ask.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [unsaved]);

  return useBlocker(
    ({ currentLocation, nextLocation }) =>
      unsaved &&
      currentLocation.pathname !== nextLocation.pathname &&
      nextLocation.pathname !== ownPath,
  );
}
