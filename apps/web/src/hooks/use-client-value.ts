import { useSyncExternalStore } from 'react';

const subscribeNothing = () => () => {};

/**
 * A value only the browser knows (media queries, the first URL…), read during render. The first
 * render over a prerendered page (scripts/prerender.mjs) gets `buildTimeValue`, exactly what the
 * build-time render showed, so hydration matches; React then renders again with `read()`.
 */
export function useClientValue<T>(read: () => T, buildTimeValue: T): T {
  return useSyncExternalStore(subscribeNothing, read, () => buildTimeValue);
}
