import { useEffect, useRef, useState } from 'react';
import { LANDING_COUNTERS, LANDING_COUNTER_MS } from '@codewright/contract';
import { useClientValue } from '../../../hooks/use-client-value.ts';

const easeOut = (t: number) => 1 - (1 - t) ** 3;

function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function'
    ? window.matchMedia('(prefers-reduced-motion: reduce)').matches
    : false;
}

type CountMode = 'waiting' | 'animate' | 'final';

const countMode = (): CountMode =>
  typeof IntersectionObserver !== 'undefined' && !prefersReducedMotion() ? 'animate' : 'final';

/**
 * Progress of the count animation, 0…1: starts when the counters scroll into
 * view and lasts LANDING_COUNTER_MS (2.5 s, SPEC §9). With reduced motion, or
 * without IntersectionObserver, it is 1 at once. A prerendered page
 * (scripts/prerender.mjs) shows 0, and so does the first render over it (see
 * useClientValue), so sighted visitors never see the final values flash before
 * the count starts; the final values are in the DOM for screen readers all along.
 */
function useCountProgress(ref: React.RefObject<HTMLElement | null>): number {
  const mode = useClientValue(countMode, 'waiting');
  const [counted, setProgress] = useState(0);
  const progress = mode === 'final' ? 1 : mode === 'animate' ? counted : 0;
  const done = mode !== 'animate' || progress >= 1;

  useEffect(() => {
    const el = ref.current;
    if (done || !el) return;
    let frame = 0;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting)) return;
        observer.disconnect();
        const start = performance.now();
        const step = (now: number) => {
          const t = Math.min(1, (now - start) / LANDING_COUNTER_MS);
          setProgress(t);
          if (t < 1) frame = requestAnimationFrame(step);
        };
        frame = requestAnimationFrame(step);
      },
      { threshold: 0.3 },
    );
    observer.observe(el);
    return () => {
      observer.disconnect();
      cancelAnimationFrame(frame);
    };
  }, [ref, done]);

  return progress;
}

/** The three landing counters of SPEC §2.4. Screen readers get the final values only. */
export function StatCounters() {
  const ref = useRef<HTMLDListElement>(null);
  const progress = useCountProgress(ref);
  return (
    <dl
      ref={ref}
      className="grid grid-cols-1 gap-px overflow-hidden rounded-2xl border border-border bg-border sm:grid-cols-3"
    >
      {LANDING_COUNTERS.map(({ label, value, suffix }) => {
        const final = `${value}${suffix}`;
        const shown = progress >= 1 ? final : `${Math.round(easeOut(progress) * value)}${suffix}`;
        return (
          <div
            key={label}
            className="flex flex-col-reverse items-center bg-bg px-6 py-8 text-center"
          >
            <dt className="mt-2 text-sm text-muted">{label}</dt>
            <dd className="text-4xl font-semibold tracking-tight text-fg tabular-nums sm:text-5xl">
              {/* Width reserved for the final value, so counting never shifts the layout. */}
              <span className="inline-block text-center" style={{ minWidth: `${final.length}ch` }}>
                <span aria-hidden="true" data-counter={label}>
                  {shown}
                </span>
                <span className="sr-only">{final}</span>
              </span>
            </dd>
          </div>
        );
      })}
    </dl>
  );
}
