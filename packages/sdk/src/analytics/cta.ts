/**
 * CTA interactions (SPEC §3, §7.1): each call-to-action click is stored as a
 * `cta_interactions` row (anonymous allowed) and logged as a `cta_clicked`
 * analytics event; the stats are the total and the top 5 by count.
 */
import { CTA_CLICKED_EVENT, CTA_TOP_COUNT, type CtaStats } from '@codewright/contract';
import type { HttpClient } from '../http.ts';

export type { CtaStats };

/** What a CTA click records. `page` is the path the CTA was clicked on. */
export interface CtaClick {
  ctaName: string;
  page: string;
}

export interface CtaDeps {
  http: HttpClient;
  projectId: string;
  /** The signed-in user, or null (SPEC §7.1: failures ignored). */
  getCurrentUser: () => Promise<{ id: string } | null>;
  /** Logs the analytics event. */
  track: (type: string, fields: Record<string, string>) => void;
  now?: () => number;
}

const restPath = (projectId: string) =>
  `/api/db/${encodeURIComponent(projectId)}/rest/v1/cta_interactions`;

/** Counts clicks per CTA name: the total and the CTA_TOP_COUNT most clicked, ties by name. */
export function computeCtaStats(
  rows: ReadonlyArray<{ cta_name?: unknown; ctaName?: unknown }>,
): CtaStats {
  const counts = new Map<string, number>();
  for (const row of rows) {
    const name = row.cta_name ?? row.ctaName;
    if (typeof name !== 'string') continue;
    counts.set(name, (counts.get(name) ?? 0) + 1);
  }
  const top = [...counts.entries()]
    .map(([ctaName, count]) => ({ ctaName, count }))
    .sort((a, b) => b.count - a.count || a.ctaName.localeCompare(b.ctaName))
    .slice(0, CTA_TOP_COUNT);
  return { totalClicks: rows.length, top };
}

/**
 * Records one CTA click. Never throws and never waits for the caller: failures
 * are only logged, so navigation is never held up.
 */
export async function trackCtaClick(deps: CtaDeps, click: CtaClick): Promise<void> {
  try {
    deps.track(CTA_CLICKED_EVENT, { cta_name: click.ctaName, page: click.page });
  } catch (error) {
    console.error('CTA tracking failed (analytics)', error);
  }
  try {
    const user = await deps.getCurrentUser().catch(() => null);
    await deps.http({
      method: 'POST',
      path: restPath(deps.projectId),
      body: {
        cta_name: click.ctaName,
        page: click.page,
        // The server sets user_id from the token whatever is sent; null when anonymous.
        user_id: user?.id ?? null,
        timestamp: new Date((deps.now ?? Date.now)()).toISOString(),
      },
    });
  } catch (error) {
    console.error('CTA tracking failed', error);
  }
}

/**
 * Total clicks and the top 5 CTAs (SPEC §7.1), counted by the server
 * (`GET /api/analytics/{project}/cta-stats`, admins only); `{ totalClicks: 0, top: [] }` on any
 * failure, which is only logged (SPEC §8.2).
 */
export async function fetchCtaStats(deps: Pick<CtaDeps, 'http' | 'projectId'>): Promise<CtaStats> {
  try {
    const stats = await deps.http<CtaStats>({
      path: `/api/analytics/${encodeURIComponent(deps.projectId)}/cta-stats`,
    });
    if (!stats || typeof stats.totalClicks !== 'number' || !Array.isArray(stats.top))
      throw new Error('CTA stats: unexpected answer');
    return { totalClicks: stats.totalClicks, top: stats.top.slice(0, CTA_TOP_COUNT) };
  } catch (error) {
    console.error('Failed to fetch CTA stats', error);
    return { totalClicks: 0, top: [] };
  }
}
