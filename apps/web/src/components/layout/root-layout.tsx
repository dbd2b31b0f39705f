import { useEffect, useRef } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { SiteHeader } from './site-header.tsx';
import { SiteFooter } from './site-footer.tsx';
import { usePageViews } from '../../features/analytics/index.ts';

/** Header, main and footer around every route (SPEC §2.1), with a skip link for keyboard users. */
export function RootLayout() {
  const { pathname } = useLocation();
  const firstPath = useRef(pathname);
  usePageViews();

  // After a client-side navigation that dropped focus (the clicked control is gone), put it on the
  // new page so keyboard and screen-reader users continue from there. Never on first load: the
  // skip link must stay the first Tab stop.
  useEffect(() => {
    if (pathname === firstPath.current) return;
    firstPath.current = '';
    const main = document.getElementById('main');
    if (main && document.activeElement === document.body) main.focus({ preventScroll: true });
  }, [pathname]);

  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        onClick={(event) => {
          // Move focus itself (not just the scroll position) and keep the URL free of "#main".
          event.preventDefault();
          document.getElementById('main')?.focus();
        }}
        className="sr-only z-50 rounded-lg bg-accent px-4 py-2 text-sm font-medium text-accent-fg focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to content
      </a>
      <SiteHeader />
      <main id="main" tabIndex={-1} className="flex flex-1 flex-col outline-none">
        <Outlet />
      </main>
      <SiteFooter />
      <ScrollRestoration />
    </div>
  );
}
