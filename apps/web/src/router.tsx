import { createBrowserRouter } from 'react-router';
import { RootLayout } from './components/layout/root-layout.tsx';
import { RouteError } from './components/layout/route-error.tsx';
import { LandingPage } from './features/marketing/routes/landing-page.tsx';
import { FeaturesPage } from './features/marketing/routes/features-page.tsx';
import { ExamplesPage } from './features/marketing/routes/examples-page.tsx';
import { PricingPage } from './features/marketing/routes/pricing-page.tsx';
import { DocsPage } from './features/marketing/routes/docs-page.tsx';
import { PrivacyPage, TermsPage } from './features/marketing/routes/legal-pages.tsx';
import { NotFoundPage } from './features/marketing/routes/not-found-page.tsx';
import { SignInPage } from './features/auth/routes/sign-in-page.tsx';
import { DashboardPage } from './features/dashboard/routes/dashboard-page.tsx';
import { GeneratorPage } from './features/generator/routes/generator-page.tsx';

/** Route table of SPEC §2.1 (plus /terms, /privacy and a 404), all inside the shared layout. */
export const routes = [
  {
    path: '/',
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [
      { index: true, element: <LandingPage /> },
      { path: 'features', element: <FeaturesPage /> },
      { path: 'examples', element: <ExamplesPage /> },
      { path: 'pricing', element: <PricingPage /> },
      { path: 'docs', element: <DocsPage /> },
      { path: 'sign-in', element: <SignInPage /> },
      { path: 'dashboard', element: <DashboardPage /> },
      { path: 'generator', element: <GeneratorPage /> },
      { path: 'terms', element: <TermsPage /> },
      { path: 'privacy', element: <PrivacyPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
