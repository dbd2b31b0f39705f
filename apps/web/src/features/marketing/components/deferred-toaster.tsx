import { lazy, Suspense, useEffect, useState } from 'react';
import { useClientValue } from '../../../hooks/use-client-value.ts';

const Toaster = lazy(() =>
  import('../../../components/toast/placed-toaster.tsx').then((m) => ({
    default: m.PlacedToaster,
  })),
);

const INTERACTIONS = ['pointerdown', 'keydown', 'touchstart'] as const;

/** Whether the app started on the landing page (read once, in the browser). */
const startedOnLanding = typeof window !== 'undefined' && window.location.pathname === '/';

/**
 * The toast container (SPEC §2.1: top right), loaded only when it can be
 * needed. On the landing page every toast follows a click or a key press (the
 * sign-in dialog, copy…), so the toast library waits for the first interaction
 * there and stays out of the JavaScript that / loads (budget 150 KB gzip); on
 * any other first page (dashboard, generator…) it loads at once. The first render over a
 * prerendered page (scripts/prerender.mjs) renders nothing, as the build-time render did.
 */
export function DeferredToaster() {
  const waitForInteraction = useClientValue(() => startedOnLanding, true);
  const [interacted, setInteracted] = useState(false);
  const ready = interacted || !waitForInteraction;
  useEffect(() => {
    if (ready) return;
    const go = () => setInteracted(true);
    for (const type of INTERACTIONS)
      window.addEventListener(type, go, { once: true, passive: true });
    return () => {
      for (const type of INTERACTIONS) window.removeEventListener(type, go);
    };
  }, [ready]);
  if (!ready) return null;
  return (
    <Suspense fallback={null}>
      {/* Top right (SPEC §2.1), below the site header and any controls a screen asks it to clear. */}
      <Toaster />
    </Suspense>
  );
}
