import type { HTMLAttributes } from 'react';
import { cn } from './cn.ts';

/** A surface panel with a hairline border; the base of stat and project cards. */
export function Card({ className, ...rest }: HTMLAttributes<HTMLDivElement>) {
  return (
    <div
      className={cn('min-w-0 rounded-2xl border border-border bg-surface p-4 sm:p-5', className)}
      {...rest}
    />
  );
}
