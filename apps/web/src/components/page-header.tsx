import type { ReactNode } from 'react';

interface PageHeaderProps {
  eyebrow?: string;
  title: string;
  children?: ReactNode;
}

/** Heading block for marketing pages: small eyebrow, h1, lead paragraph. */
export function PageHeader({ eyebrow, title, children }: PageHeaderProps) {
  return (
    <div className="relative overflow-hidden border-b border-border">
      <div className="bg-grid pointer-events-none absolute inset-0" aria-hidden="true" />
      <div className="relative mx-auto max-w-6xl px-4 pt-16 pb-12 sm:px-6 sm:pt-24 sm:pb-16">
        {eyebrow ? <p className="text-sm font-medium text-accent-hover">{eyebrow}</p> : null}
        <h1 className="text-gradient mt-3 max-w-3xl text-4xl font-semibold tracking-tight text-balance sm:text-5xl">
          {title}
        </h1>
        {children ? (
          <div className="mt-5 max-w-2xl text-base leading-relaxed text-muted sm:text-lg">
            {children}
          </div>
        ) : null}
      </div>
    </div>
  );
}

/** Standard content width and spacing below a PageHeader. */
export function PageSection({
  children,
  className = '',
}: {
  children: ReactNode;
  className?: string;
}) {
  return (
    <div className={`mx-auto w-full max-w-6xl px-4 py-12 sm:px-6 sm:py-16 ${className}`}>
      {children}
    </div>
  );
}
