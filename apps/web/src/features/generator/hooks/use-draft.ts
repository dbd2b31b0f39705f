import { useCallback, useEffect, useRef, useState } from 'react';
import { clearDraft, readDraft, writeDraft, type GeneratorDraft } from '../draft.ts';

/** Unsaved work is written this long after its last change (and at once when the page hides). */
const WRITE_DELAY_MS = 400;

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/**
 * Nothing lost (draft.ts): while the work is unsaved (`current` is not null) it is written to
 * this device, shortly after each change and when the page is hidden or closed; once it is saved
 * (`current` becomes null) the copy is removed. A draft found on arrival is offered back.
 */
export function useDraft(userId: string, current: GeneratorDraft | null) {
  const [offer, setOffer] = useState<GeneratorDraft | null>(() => {
    const store = storage();
    const found = store ? readDraft(store, userId) : null;
    const something =
      found &&
      (found.code.trim() !== '' ||
        found.messages.length > 0 ||
        Boolean(found.chips?.length) ||
        Boolean(found.chipsLeftOut?.length));
    return something ? found : null;
  });
  const latest = useRef(current);
  const wrote = useRef(false);

  useEffect(() => {
    latest.current = current;
    const store = storage();
    if (!store) return;
    if (!current) {
      // Saved (or back to what was opened): the kept copy is no longer needed. A draft found on
      // arrival stays until it is restored, discarded or replaced by new unsaved work.
      if (wrote.current) clearDraft(store, userId);
      wrote.current = false;
      return;
    }
    const timer = setTimeout(() => {
      wrote.current = writeDraft(store, userId, current) || wrote.current;
    }, WRITE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [current, userId]);

  /** Writes what is unsaved right now, not after the delay. */
  const flush = useCallback(() => {
    const store = storage();
    if (store && latest.current) wrote.current = writeDraft(store, userId, latest.current);
  }, [userId]);

  // A closing or crashing tab: written at once.
  useEffect(() => {
    window.addEventListener('pagehide', flush);
    const onHidden = () => document.visibilityState === 'hidden' && flush();
    document.addEventListener('visibilitychange', onHidden);
    return () => {
      window.removeEventListener('pagehide', flush);
      document.removeEventListener('visibilitychange', onHidden);
    };
  }, [flush]);

  /** Forgets the offer; `discard` also removes the kept copy (unless new work replaced it). */
  const dismissOffer = useCallback(
    (discard: boolean) => {
      const store = storage();
      if (discard && store && !latest.current) clearDraft(store, userId);
      setOffer(null);
    },
    [userId],
  );

  return { offer, dismissOffer, flush };
}
