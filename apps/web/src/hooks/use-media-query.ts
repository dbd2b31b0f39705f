import { useSyncExternalStore } from 'react';

/**
 * Whether a media query matches now, following changes. For signed-in screens only (never
 * prerendered): over a prerendered page use useClientValue instead (see hydration.ts).
 */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
  );
}
