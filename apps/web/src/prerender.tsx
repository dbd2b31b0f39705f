import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { createMemoryRouter } from 'react-router';
import { App } from './app.tsx';
import type { AuthSource } from './features/auth/index.ts';
import { PageMetaCollector, type PageMeta } from './features/marketing/index.ts';
import { startHydration } from './hydration.ts';
import { preloadPage, routes } from './router.tsx';

/**
 * Build-time rendering of the public pages (scripts/prerender.mjs): their HTML is in the first
 * answer, so text paints before any JavaScript runs, and main.tsx hydrates it. The tree is the
 * browser's own (<App>, only the router differs) so the first render in the browser matches it; the
 * visitor is unknown here, so auth is "loading" (see hydration.ts).
 */
const never = new Promise<never>(() => undefined);
/** No SDK at build time: no effect runs during a server render, and nothing loads it. */
const noAuth: AuthSource = { loaded: never, load: () => never, mayBeSignedIn: () => false };

export interface PrerenderedPage {
  html: string;
  meta: PageMeta | null;
}

export async function render(pathname: string): Promise<PrerenderedPage> {
  // Loaded first so the page renders in one pass, not as a Suspense fallback.
  await preloadPage(pathname);
  startHydration(); // the render the browser's hydration must match
  let meta: PageMeta | null = null;
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <PageMetaCollector value={(m) => (meta = m)}>
        <App
          authSource={noAuth}
          createRouter={() => createMemoryRouter(routes, { initialEntries: [pathname] })}
        />
      </PageMetaCollector>
    </StrictMode>,
    // One document, no boundary streamed out of line (that needs an inline script the CSP forbids).
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  let html = '';
  for await (const chunk of prelude) html += String(chunk);
  return { html, meta };
}
