import { cn } from './cn.ts';

/** A pulsing placeholder block; decorative, so hidden from assistive technology. */
export function Skeleton({ className }: { className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={cn('block animate-pulse rounded-md bg-white/[0.06]', className)}
    />
  );
}
