import { Check, Copy } from 'lucide-react';
import { cn } from './cn.ts';

/** A copy button's icon: a check once copied, the copy glyph before. Decorative. */
export function CopyIcon({
  copied,
  className = 'size-4',
  copiedClassName,
}: {
  copied: boolean;
  className?: string;
  /** Added to `className` on the check, e.g. its colour. */
  copiedClassName?: string;
}) {
  return copied ? (
    <Check className={cn(className, copiedClassName)} aria-hidden="true" />
  ) : (
    <Copy className={className} aria-hidden="true" />
  );
}
