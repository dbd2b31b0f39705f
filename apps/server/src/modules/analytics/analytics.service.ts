import {
  ANALYTICS_EVENT_FIELDS,
  CTA_TOP_COUNT,
  type AnalyticsEvent,
  type CtaStats,
} from '@codewright/contract';
import { newId } from '../../lib/ids.ts';
import type { AnalyticsRepository } from './analytics.repository.ts';
import type { NewAnalyticsEventRow } from './analytics.schema.ts';

/** Who sent a batch: from the Bearer token, or nobody (sendBeacon cannot send one). */
export interface AnalyticsCaller {
  userId: string | null;
  userEmail: string | null;
}

const KNOWN: ReadonlySet<string> = new Set(ANALYTICS_EVENT_FIELDS);

/** Builds the row of one validated event; identity comes from the caller, never the body. */
export function toEventRow(
  event: AnalyticsEvent,
  projectId: string,
  caller: AnalyticsCaller,
): NewAnalyticsEventRow {
  const properties: Record<string, string | number | boolean | null> = {};
  for (const [key, value] of Object.entries(event)) {
    if (!KNOWN.has(key)) properties[key] = value as string | number | boolean | null;
  }
  return {
    id: newId('evt'),
    type: event.type,
    projectId,
    userId: caller.userId,
    userEmail: caller.userEmail,
    sessionId: event.session_id ?? null,
    pathname: event.pathname ?? null,
    referrer: event.referrer ?? null,
    screenWidth: event.screen_width ?? null,
    channel: event.channel ?? null,
    utmSource: event.utm_source ?? null,
    utmMedium: event.utm_medium ?? null,
    utmCampaign: event.utm_campaign ?? null,
    utmContent: event.utm_content ?? null,
    utmTerm: event.utm_term ?? null,
    properties: Object.keys(properties).length > 0 ? properties : null,
    occurredAt: event.timestamp ? new Date(event.timestamp) : null,
  };
}

/** Stores a validated batch; returns how many events were accepted. */
export function createAnalyticsService(repo: AnalyticsRepository) {
  return {
    async log(events: AnalyticsEvent[], projectId: string, caller: AnalyticsCaller) {
      return repo.insertMany(events.map((event) => toEventRow(event, projectId, caller)));
    },
    /** Total CTA clicks and the CTA_TOP_COUNT most clicked CTAs (SPEC §7.1, §9). */
    ctaStats(): Promise<CtaStats> {
      return repo.ctaStats(CTA_TOP_COUNT);
    },
  };
}
