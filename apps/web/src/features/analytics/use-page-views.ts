import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { clientLoaded } from '../../sdk-loader.ts';

/**
 * Logs a page view (SPEC §3 analytics event) on first load and after every client-side
 * navigation. On a public page the SDK may load a moment later (sdk-loader.ts), so the address is
 * taken now and handed over with the call.
 */
export function usePageViews(): void {
  const { pathname } = useLocation();
  useEffect(() => {
    const { origin, search } = window.location;
    const at = { pathname: window.location.pathname, search, origin };
    void clientLoaded.then((client) => client.analytics.page({}, at));
  }, [pathname]);
}
