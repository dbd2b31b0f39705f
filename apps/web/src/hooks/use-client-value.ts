import { startTransition, useEffect, useState } from 'react';
import { isHydrating } from '../hydration.ts';

/**
 * A value only the browser knows (media queries, the first URL…), read once when the component
 * mounts. Over a prerendered page (scripts/prerender.mjs) the first render gets `buildTimeValue`,
 * exactly what the build-time render showed, so hydration matches; the browser's value follows as
 * a transition (see hydration.ts).
 */
export function useClientValue<T>(read: () => T, buildTimeValue: T): T {
  const [value, setValue] = useState(() => (isHydrating() ? buildTimeValue : read()));
  useEffect(() => {
    const current = read();
    startTransition(() => setValue(current));
    // Read once per mount, by design: these values do not change while a page is open.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return value;
}
