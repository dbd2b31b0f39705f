import { startTransition, StrictMode, useEffect, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import './styles.css';
import { App } from './app.tsx';
import { endHydration, startHydration } from './hydration.ts';
import { preloadPage } from './router.tsx';
import type { AuthSource } from './features/auth/index.ts';
import { clientLoaded, loadClient, mayBeSignedIn, scheduleClientLoad } from './sdk-loader.ts';

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

// Fetch the first page's chunk now, not after the first render asks for it.
const firstPage = preloadPage(window.location.pathname);

/** Lifts the `inert` a prerendered page ships with once React has taken it over. */
function Interactive({ container, children }: { container: HTMLElement; children: ReactNode }) {
  useEffect(() => {
    endHydration();
    container.removeAttribute('inert');
    scheduleClientLoad();
  }, [container]);
  return children;
}

// The SDK is not in the entry: it loads when needed (sdk-loader.ts, docs/decisions/045).
const authSource: AuthSource = {
  loaded: clientLoaded.then((client) => client.auth),
  load: () => loadClient().then((client) => client.auth),
  mayBeSignedIn,
};

const app = (
  <StrictMode>
    <Interactive container={root}>
      <App authSource={authSource} />
    </Interactive>
  </StrictMode>
);

if (root.hasChildNodes()) {
  // A prerendered page (scripts/prerender.mjs): once its chunk is here, React takes over the HTML
  // already on screen (hydration) instead of drawing it again — as a transition, in slices that
  // leave the main thread free between them. A failed chunk load still starts the app, whose route
  // shows the error.
  void firstPage
    .catch(() => undefined)
    .then(() => {
      startHydration();
      startTransition(() => void hydrateRoot(root, app));
    });
} else {
  createRoot(root).render(app);
}
