import { useEffect, type RefObject } from 'react';
import { setToastClearance } from '../../../components/toast/toast-clearance.ts';

/** Where toasts start when nothing needs clearing (below the 64 px site header). */
const DEFAULT_TOP = 76;
const GAP = 8;

/**
 * Toasts never cover the generator's controls: they start below the lowest visible element
 * marked `data-toast-clearance` inside `root` (the header actions, the editor column's header,
 * the phone layout's tabs). Measured again on resize, scroll and whenever `key` changes.
 */
export function useToastClearance(root: RefObject<HTMLElement | null>, key: unknown): void {
  useEffect(() => {
    const el = root.current;
    if (!el) return;
    const measure = () => {
      let bottom = 0;
      for (const marked of el.querySelectorAll<HTMLElement>('[data-toast-clearance]')) {
        const box = marked.getBoundingClientRect();
        if (box.width > 0 && box.height > 0) bottom = Math.max(bottom, box.bottom);
      }
      setToastClearance(bottom + GAP > DEFAULT_TOP ? Math.round(bottom + GAP) : null);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    window.addEventListener('resize', measure);
    window.addEventListener('scroll', measure, { passive: true });
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', measure);
      window.removeEventListener('scroll', measure);
      setToastClearance(null);
    };
  }, [root, key]);
}
