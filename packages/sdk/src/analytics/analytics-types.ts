/** Public shapes of the analytics calls. */

/** A CTA click (SPEC §3); userId is null for visitors who are not signed in. */
export interface CtaInteraction {
  id: string;
  userId: string | null;
  ctaName: string;
  page: string;
  timestamp: string;
}
