import { Check } from 'lucide-react';
import type { Feature } from '../feature-list.ts';

interface FeatureGridProps {
  features: Feature[];
  /** Show each feature's bullet details (SPEC §2.5). */
  details?: boolean;
  /** Card titles are h3 under a section h2 (landing), h2 directly under the page h1 (/features). */
  headingLevel?: 2 | 3;
}

/** Responsive grid of feature cards. */
export function FeatureGrid({ features, details = false, headingLevel = 3 }: FeatureGridProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <ul className="grid gap-px overflow-hidden rounded-2xl border border-border bg-border sm:grid-cols-2 lg:grid-cols-3">
      {features.map(({ icon: Icon, title, description, details: bullets }) => (
        <li key={title} className="bg-bg p-6 transition-colors hover:bg-surface sm:p-7">
          <span className="inline-flex size-10 items-center justify-center rounded-lg border border-border-strong bg-surface-2 text-accent-hover">
            <Icon className="size-5" aria-hidden="true" />
          </span>
          <Heading className="mt-5 text-base font-semibold text-fg">{title}</Heading>
          <p className="mt-2 text-sm leading-relaxed text-muted">{description}</p>
          {details ? (
            <ul className="mt-4 space-y-2">
              {bullets.map((bullet) => (
                <li key={bullet} className="flex items-start gap-2 text-sm text-muted">
                  <Check className="mt-0.5 size-4 shrink-0 text-accent-hover" aria-hidden="true" />
                  {bullet}
                </li>
              ))}
            </ul>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
