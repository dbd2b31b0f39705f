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

/** CTA click totals computed by the SDK from the CTA interactions (SPEC §7.1, §9). */
export interface CtaStats {
  totalClicks: number;
  /** The most clicked CTAs, at most CTA_TOP_COUNT, most clicked first. */
  top: Array<{ ctaName: string; count: number }>;
}
