import { useEffect, useRef } from 'react';

/** Ctrl+S / Cmd+S calls `onSave` instead of the browser's "Save page" (also inside Monaco). */
export function useSaveShortcut(onSave: () => void): void {
  const latest = useRef(onSave);
  useEffect(() => {
    latest.current = onSave;
  });
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.altKey || event.shiftKey) return;
      if (event.key.toLowerCase() !== 's') return;
      event.preventDefault();
      if (!event.repeat) latest.current();
    };
    // Capture: before Monaco, which handles keys in its own listeners.
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, []);
}
