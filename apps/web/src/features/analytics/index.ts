/** The analytics feature's door: page views and CTA clicks, as hooks. */
export { usePageViews } from './use-page-views.ts';
export { useTrackCta } from './use-track-cta.ts';
