import { useEffect, useState } from 'react';
import { ADMIN_ROLE } from '@codewright/contract';
import type { CtaStats } from '@codewright/sdk';
import { client } from '../../../sdk.ts';

/** The slice of the SDK this hook needs; tests pass a fake. */
export interface CtaStatsApi {
  getCtaStats(): Promise<CtaStats>;
}

/**
 * CTA stats for admins (SPEC §7.1, §9): total clicks and the top 5, read once per visit and
 * written to the console as the spec says; null for everyone else (nothing is asked) and
 * while loading. A failure is only logged and reads as zero clicks (SPEC §8.2, in the SDK).
 */
export function useCtaStats(api: CtaStatsApi = client.analytics): CtaStats | null {
  // The signed-in user's instance role (SPEC §6); the server refuses the listing all the same.
  const admin = client.workspaces.hasRole(ADMIN_ROLE);
  const [stats, setStats] = useState<CtaStats | null>(null);
  useEffect(() => {
    if (!admin) return;
    let live = true;
    void api.getCtaStats().then((result) => {
      console.info(
        `CTA stats: ${result.totalClicks} clicks in all; top ${result.top.length}:`,
        result.top.map((t) => `${t.ctaName} (${t.count})`).join(', ') || 'none',
      );
      if (live) setStats(result);
    });
    return () => {
      live = false;
    };
  }, [admin, api]);
  return admin ? stats : null;
}
