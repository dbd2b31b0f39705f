import { lazy, Suspense, useState, type ComponentType, type ReactElement } from 'react';
import { createBrowserRouter } from 'react-router';
import { RootLayout } from './components/layout/root-layout.tsx';
import { RouteError } from './components/layout/route-error.tsx';
import { LandingPage } from './features/marketing/routes/landing-page.tsx';

// Every page but the landing page is its own chunk, loaded when its route is first visited, so
// / stays within its JavaScript budget and heavy screens (the generator's editor) never load on
// marketing pages. Header and footer render at once; the page fills in when its chunk arrives,
// and the placeholder keeps the footer below the fold meanwhile (no layout shift).
function page(load: () => Promise<ComponentType>) {
  let pending: Promise<ComponentType> | undefined;
  let loaded: ComponentType | undefined;
  const get = () =>
    (pending ??= load().then((Component) => {
      loaded = Component;
      return Component;
    }));
  const Lazy = lazy(() => get().then((Component) => ({ default: Component })));
  const fallback = <div className="min-h-dvh" aria-hidden="true" />;
  // A page whose chunk is already here renders in the same pass, with no Suspense boundary: the
  // build-time render (prerender.tsx) and the first render over its HTML (main.tsx) rely on it,
  // and React then hydrates the whole page in one time-sliced pass. Which of the two a page is
  // stays fixed for as long as it is mounted, so it never remounts and loses its state.
  function Page() {
    const [Loaded] = useState(() => loaded);
    if (Loaded) return <Loaded />;
    return (
      <Suspense fallback={fallback}>
        <Lazy />
      </Suspense>
    );
  }
  const element = <Page />;
  preloads.set(element, get);
  return element;
}

const preloads = new Map<ReactElement, () => Promise<unknown>>();

/**
 * Route table of SPEC §2.1 (plus /api-reference, /terms, /privacy and a 404), all inside the
 * shared layout.
 */
export const routes = [
  {
    path: '/',
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [
      { index: true, element: <LandingPage /> },
      {
        path: 'features',
        element: page(() =>
          import('./features/marketing/routes/features-page.tsx').then((m) => m.FeaturesPage),
        ),
      },
      {
        path: 'examples',
        element: page(() =>
          import('./features/marketing/routes/examples-page.tsx').then((m) => m.ExamplesPage),
        ),
      },
      {
        path: 'pricing',
        element: page(() =>
          import('./features/marketing/routes/pricing-page.tsx').then((m) => m.PricingPage),
        ),
      },
      {
        path: 'docs',
        element: page(() =>
          import('./features/marketing/routes/docs-page.tsx').then((m) => m.DocsPage),
        ),
      },
      {
        path: 'api-reference',
        element: page(() =>
          import('./features/marketing/routes/api-reference-page.tsx').then(
            (m) => m.ApiReferencePage,
          ),
        ),
      },
      {
        path: 'sign-in',
        element: page(() =>
          import('./features/auth/routes/sign-in-page.tsx').then((m) => m.SignInPage),
        ),
      },
      {
        path: 'dashboard',
        element: page(() =>
          import('./features/dashboard/routes/dashboard-page.tsx').then((m) => m.DashboardPage),
        ),
      },
      {
        path: 'settings',
        element: page(() =>
          import('./features/settings/routes/settings-page.tsx').then((m) => m.SettingsPage),
        ),
      },
      {
        // /generator for a new project, /generator/<id> for a saved one: one route, so saving a
        // new project moves it to its own address without remounting the page.
        path: 'generator/:projectId?',
        element: page(() =>
          import('./features/generator/routes/generator-page.tsx').then((m) => m.GeneratorPage),
        ),
      },
      {
        path: 'share',
        element: page(() =>
          import('./features/share/routes/share-page.tsx').then((m) => m.SharePage),
        ),
      },
      {
        path: 'invitation',
        element: page(() =>
          import('./features/teams/routes/invitation-page.tsx').then((m) => m.InvitationPage),
        ),
      },
      {
        path: 'reset-password',
        element: page(() =>
          import('./features/auth/routes/reset-password-page.tsx').then((m) => m.ResetPasswordPage),
        ),
      },
      {
        path: 'verify-email',
        element: page(() =>
          import('./features/auth/routes/verify-email-page.tsx').then((m) => m.VerifyEmailPage),
        ),
      },
      {
        path: 'terms',
        element: page(() =>
          import('./features/marketing/routes/legal-pages.tsx').then((m) => m.TermsPage),
        ),
      },
      {
        path: 'privacy',
        element: page(() =>
          import('./features/marketing/routes/legal-pages.tsx').then((m) => m.PrivacyPage),
        ),
      },
      {
        path: '*',
        element: page(() =>
          import('./features/marketing/routes/not-found-page.tsx').then((m) => m.NotFoundPage),
        ),
      },
    ],
  },
];

/**
 * Loads the chunk of the page at `pathname` (nothing for the landing page, which is in the main
 * chunk). Called while the app is still starting, so the fetch does not wait for the first render.
 */
export function preloadPage(pathname: string): Promise<unknown> {
  const segment = pathname.split('/')[1] ?? '';
  const children: Array<{ path?: string; element?: ReactElement }> = routes[0]!.children;
  const match =
    children.find((c) => c.path?.split('/')[0] === segment) ??
    (segment ? children.find((c) => c.path === '*') : undefined);
  return (match?.element && preloads.get(match.element)?.()) ?? Promise.resolve();
}

export function createAppRouter() {
  return createBrowserRouter(routes);
}
