import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { client } from '../../sdk.ts';

/** Logs a page view (SPEC §3 analytics event) on first load and after every client-side navigation. */
export function usePageViews(): void {
  const { pathname } = useLocation();
  useEffect(() => {
    client.analytics.page();
  }, [pathname]);
}
