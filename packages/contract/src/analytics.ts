import { z } from 'zod';
import { ANALYTICS_STRING_MAX } from './constants.ts';

/** Most events one `POST /api/analytics/{project}/log` may carry; more is a 400. */
export const ANALYTICS_MAX_EVENTS_PER_REQUEST = 50;
/** Longest event type name. */
export const ANALYTICS_TYPE_MAX = 64;
/** Most extra (non-§3) properties on one event, e.g. cta_name and page of `cta_clicked`. */
export const ANALYTICS_MAX_EXTRA_PROPERTIES = 20;
/** Longest extra property name. */
export const ANALYTICS_PROPERTY_NAME_MAX = 64;
/** Default per-client-IP limit of the analytics log route, requests per minute. */
export const ANALYTICS_RATE_LIMIT_DEFAULT = 120;

/** The event type a CTA click logs (SPEC §7.1). */
export const CTA_CLICKED_EVENT = 'cta_clicked';
/** The event type a page view logs. */
export const PAGE_VIEW_EVENT = 'page_view';

/** UTM parameters copied from the page URL into page views (SPEC §3). */
export const UTM_FIELDS = [
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'utm_content',
  'utm_term',
] as const;

/** The §3 field names; everything else on an event is an extra property. */
export const ANALYTICS_EVENT_FIELDS = [
  'type',
  'timestamp',
  'project_id',
  'user_id',
  'user_email',
  'session_id',
  'pathname',
  'referrer',
  'screen_width',
  'channel',
  ...UTM_FIELDS,
] as const;
const KNOWN_FIELDS: ReadonlySet<string> = new Set(ANALYTICS_EVENT_FIELDS);

const text = z
  .string()
  .max(ANALYTICS_STRING_MAX, `must be at most ${ANALYTICS_STRING_MAX} characters`);
const optionalText = text.nullish();

const extraValue = z.union([text, z.number().finite(), z.boolean(), z.null()]);

/**
 * One analytics event (SPEC §3) as the SDK sends it. `user_id` and `user_email`
 * may be present but the server ignores them and uses the Bearer token instead;
 * `project_id` is taken from the path. Other keys (at most 20, names ≤ 64
 * characters, values strings ≤ 256, numbers, booleans or null) are kept as
 * properties — `cta_clicked` carries `cta_name` and `page` this way.
 */
export const AnalyticsEventSchema = z
  .object({
    type: z
      .string({ error: 'type is required' })
      .trim()
      .min(1, 'type must not be empty')
      .max(ANALYTICS_TYPE_MAX, `type must be at most ${ANALYTICS_TYPE_MAX} characters`),
    timestamp: z.iso
      .datetime({ offset: true, error: 'timestamp must be an ISO date-time' })
      .nullish(),
    project_id: optionalText,
    user_id: optionalText,
    user_email: optionalText,
    session_id: optionalText,
    pathname: optionalText,
    referrer: optionalText,
    screen_width: z.number().int().min(0).max(100_000).nullish(),
    channel: optionalText,
    utm_source: optionalText,
    utm_medium: optionalText,
    utm_campaign: optionalText,
    utm_content: optionalText,
    utm_term: optionalText,
  })
  .catchall(extraValue)
  .superRefine((event, ctx) => {
    const extras = Object.keys(event).filter((key) => !KNOWN_FIELDS.has(key));
    if (extras.length > ANALYTICS_MAX_EXTRA_PROPERTIES) {
      ctx.addIssue({
        code: 'custom',
        message: `at most ${ANALYTICS_MAX_EXTRA_PROPERTIES} extra properties per event`,
      });
    }
    for (const key of extras) {
      if (key.length > ANALYTICS_PROPERTY_NAME_MAX) {
        ctx.addIssue({
          code: 'custom',
          message: `property names must be at most ${ANALYTICS_PROPERTY_NAME_MAX} characters`,
        });
        break;
      }
    }
  });
export type AnalyticsEvent = z.infer<typeof AnalyticsEventSchema>;

/** Body of `POST /api/analytics/{project}/log`. */
export const AnalyticsLogBodySchema = z.object({
  events: z
    .array(AnalyticsEventSchema)
    .min(1, 'events must hold at least one event')
    .max(
      ANALYTICS_MAX_EVENTS_PER_REQUEST,
      `at most ${ANALYTICS_MAX_EVENTS_PER_REQUEST} events per request`,
    ),
});
export type AnalyticsLogBody = z.infer<typeof AnalyticsLogBodySchema>;

export const AnalyticsLogResponseSchema = z.object({ accepted: z.number().int() });
export type AnalyticsLogResponse = z.infer<typeof AnalyticsLogResponseSchema>;

/** CTA click totals computed by the SDK from the CTA interactions (SPEC §7.1, §9). */
export interface CtaStats {
  totalClicks: number;
  /** The most clicked CTAs, at most CTA_TOP_COUNT, most clicked first. */
  top: Array<{ ctaName: string; count: number }>;
}
