/** Validation of the analytics log endpoint (SPEC §3); constants in analytics.ts. */
import { z } from 'zod';
import {
  ANALYTICS_EVENT_FIELDS,
  ANALYTICS_MAX_EVENTS_PER_REQUEST,
  ANALYTICS_MAX_EXTRA_PROPERTIES,
  ANALYTICS_PROPERTY_NAME_MAX,
  ANALYTICS_TYPE_MAX,
} from './analytics.ts';
import { ANALYTICS_STRING_MAX } from './constants.ts';
import { isStorableText, storableText, UNSTORABLE_TEXT_PROBLEM } from './input-limits.ts';

const KNOWN_FIELDS: ReadonlySet<string> = new Set(ANALYTICS_EVENT_FIELDS);

const text = storableText(
  z.string().max(ANALYTICS_STRING_MAX, `must be at most ${ANALYTICS_STRING_MAX} characters`),
);
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
    type: storableText(
      z
        .string({ error: 'type is required' })
        .trim()
        .min(1, 'type must not be empty')
        .max(ANALYTICS_TYPE_MAX, `type must be at most ${ANALYTICS_TYPE_MAX} characters`),
    ),
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
      if (!isStorableText(key)) {
        ctx.addIssue({ code: 'custom', message: `property names ${UNSTORABLE_TEXT_PROBLEM}` });
        break;
      }
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

/** 200 answer of `GET /api/analytics/{project}/cta-stats` (admins; SPEC §7.1). */
export const CtaStatsSchema = z.object({
  totalClicks: z.number().int(),
  top: z.array(z.object({ ctaName: z.string(), count: z.number().int() })),
});
