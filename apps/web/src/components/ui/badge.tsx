import type { HTMLAttributes } from 'react';
import { cn } from './cn.ts';

export type BadgeTone = 'neutral' | 'accent' | 'accent-on-tint' | 'success' | 'warning' | 'danger';

const tones: Record<BadgeTone, string> = {
  neutral: 'border-border-strong bg-white/[0.04] text-muted',
  accent: 'border-accent/40 bg-accent-soft text-accent-hover',
  // On a surface already tinted with the accent (a selected row), where the accent tone's text
  // falls under 4.5:1: the accent stays in the border only.
  'accent-on-tint': 'border-accent/50 bg-bg/40 text-fg',
  success: 'border-emerald-400/30 bg-emerald-400/10 text-emerald-300',
  warning: 'border-amber-400/30 bg-amber-400/10 text-amber-300',
  danger: 'border-red-400/30 bg-red-400/10 text-red-300',
};

export interface BadgeProps extends HTMLAttributes<HTMLSpanElement> {
  tone?: BadgeTone;
}

/** A small pill label (plan names, languages, states). Text carries the meaning; colour only adds to it. */
export function Badge({ tone = 'neutral', className, ...rest }: BadgeProps) {
  return (
    <span
      className={cn(
        'inline-flex max-w-full shrink-0 items-center gap-1 rounded-full border px-2.5 py-0.5 text-xs font-medium whitespace-nowrap',
        tones[tone],
        className,
      )}
      {...rest}
    />
  );
}
