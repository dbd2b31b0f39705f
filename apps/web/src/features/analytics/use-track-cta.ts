import { useCallback } from 'react';
import { useLocation } from 'react-router';
import { loadClient } from '../../sdk-loader.ts';

/**
 * Returns `track(ctaName)`, which records a call-to-action click on the current
 * page (SPEC §7.1): a CTA interaction and a `cta_clicked` event. It never waits
 * and never throws, so the click goes on at once; failures are only logged.
 */
export function useTrackCta(): (ctaName: string) => void {
  const { pathname } = useLocation();
  return useCallback(
    (ctaName: string) => {
      // A click is an interaction: the SDK loads now if it has not yet (sdk-loader.ts).
      void loadClient().then((client) => client.analytics.trackCta({ ctaName, page: pathname }));
    },
    [pathname],
  );
}
