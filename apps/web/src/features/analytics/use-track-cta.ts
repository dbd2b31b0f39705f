import { useCallback } from 'react';
import { useLocation } from 'react-router';
import { client } from '../../sdk.ts';

/**
 * Returns `track(ctaName)`, which records a call-to-action click on the current
 * page (SPEC §7.1): a CTA interaction and a `cta_clicked` event. It never waits
 * and never throws, so the click goes on at once; failures are only logged.
 */
export function useTrackCta(): (ctaName: string) => void {
  const { pathname } = useLocation();
  return useCallback(
    (ctaName: string) => {
      void client.analytics.trackCta({ ctaName, page: pathname });
    },
    [pathname],
  );
}
