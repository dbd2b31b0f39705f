import { useEffect, useRef, useState } from 'react';

/**
 * Focus for a list whose control may vanish: after a dialog closes or a row goes, the control
 * that had focus is disabled (its button while busy) or gone (the row), so `focusList()` moves
 * focus to the list itself on the next render.
 */
export function useFocusAfter() {
  const [requests, setRequests] = useState(0);
  const listRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (requests > 0) listRef.current?.focus();
  }, [requests]);
  return { listRef, focusList: () => setRequests((n) => n + 1) };
}
