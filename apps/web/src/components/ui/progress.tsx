import type { AriaAttributes } from 'react';
import { cn } from './cn.ts';

export type ProgressTone = 'normal' | 'warning' | 'exhausted';

const barTones: Record<ProgressTone, string> = {
  normal: 'bg-accent',
  warning: 'bg-amber-400',
  exhausted: 'bg-red-400',
};

export interface ProgressProps {
  value: number;
  max: number;
  tone?: ProgressTone;
  /** Id of the visible label; the bar is announced by that name. */
  labelledBy?: string;
  /** What a screen reader says instead of a bare percentage, e.g. "8 of 10 used". */
  valueText?: string;
  className?: string;
  /** Extra data attributes (e.g. a machine-readable state) travel onto the progressbar. */
  dataState?: string;
  'aria-describedby'?: AriaAttributes['aria-describedby'];
}

/**
 * A determinate progress bar with progressbar semantics (role, aria-valuemin/max/now,
 * aria-valuetext). Colour is never the only signal: callers show a text label beside it.
 */
export function Progress({
  value,
  max,
  tone = 'normal',
  labelledBy,
  valueText,
  className,
  dataState,
  ...aria
}: ProgressProps) {
  const safeMax = max > 0 ? max : 1;
  const clamped = Math.min(Math.max(value, 0), safeMax);
  const percent = (clamped / safeMax) * 100;
  return (
    <div
      role="progressbar"
      aria-labelledby={labelledBy}
      aria-valuemin={0}
      aria-valuemax={safeMax}
      aria-valuenow={clamped}
      aria-valuetext={valueText}
      data-state={dataState}
      className={cn('h-2 w-full overflow-hidden rounded-full bg-white/[0.07]', className)}
      {...aria}
    >
      <div
        className={cn('h-full rounded-full transition-[width] duration-500', barTones[tone])}
        style={{ width: `${percent}%` }}
      />
    </div>
  );
}
