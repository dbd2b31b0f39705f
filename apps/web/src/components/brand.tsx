import { Link } from 'react-router';
import { cn } from './ui/cn.ts';

/** The Codewright mark: angle brackets on the accent tile. */
export function BrandMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" className={cn('size-7', className)} aria-hidden="true">
      <rect width="32" height="32" rx="8" fill="var(--color-accent)" />
      <path
        d="M12.5 10.5 7 16l5.5 5.5M19.5 10.5 25 16l-5.5 5.5"
        fill="none"
        stroke="#fff"
        strokeWidth="2.6"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** Brand link to / used by header and footer. */
export function BrandLink({ className }: { className?: string }) {
  return (
    <Link
      to="/"
      className={cn('inline-flex items-center gap-2.5 rounded-md', className)}
      aria-label="Codewright home"
    >
      <BrandMark />
      <span className="text-[17px] font-semibold tracking-tight text-fg">Codewright</span>
    </Link>
  );
}
