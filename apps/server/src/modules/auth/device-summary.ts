import Bowser from 'bowser';

/** Longest user agent worth parsing; real ones are a few hundred characters. */
const USER_AGENT_MAX_LENGTH = 1024;

/**
 * A short, honest summary of a browser's user agent, e.g. "Chrome on Linux" or "Safari on
 * iOS (mobile)"; null when there is no user agent or nothing in it is recognised.
 */
export function deviceSummary(userAgent: string | undefined | null): string | null {
  if (!userAgent) return null;
  const parsed = Bowser.parse(userAgent.slice(0, USER_AGENT_MAX_LENGTH));
  const browser = parsed.browser.name;
  const os = parsed.os.name;
  const kind = parsed.platform.type;
  if (!browser && !os) return null;
  const base = browser && os ? `${browser} on ${os}` : (browser ?? os)!;
  return kind === 'mobile' || kind === 'tablet' ? `${base} (${kind})` : base;
}
