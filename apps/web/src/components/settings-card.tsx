import { useId, type ReactNode } from 'react';
import { Card } from './ui/card.tsx';
import { cn } from './ui/cn.ts';

interface SettingsCardProps {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  /** The danger zone gets a red border. */
  tone?: 'default' | 'danger';
}

/** One titled panel of the Settings screen, labelled by its heading for assistive technology. */
export function SettingsCard({
  title,
  description,
  children,
  tone = 'default',
}: SettingsCardProps) {
  const headingId = useId();
  return (
    <Card
      role="region"
      aria-labelledby={headingId}
      className={cn('p-5 sm:p-6', tone === 'danger' && 'border-red-400/30')}
    >
      <h3 id={headingId} className="text-base font-semibold text-fg">
        {title}
      </h3>
      {description ? <p className="mt-1 text-sm text-muted">{description}</p> : null}
      <div className="mt-4">{children}</div>
    </Card>
  );
}

/** A one-line outcome under a form: polite for success, assertive for a failure. */
export function FormNote({ tone, children }: { tone: 'ok' | 'error'; children: ReactNode }) {
  return (
    <p
      role={tone === 'ok' ? 'status' : 'alert'}
      className={cn('mt-3 text-sm', tone === 'ok' ? 'text-emerald-300' : 'text-red-300')}
    >
      {children}
    </p>
  );
}
