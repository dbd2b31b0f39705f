import type { Feature } from '../feature-list.ts';

/** Responsive grid of feature cards. */
export function FeatureGrid({ features }: { features: Feature[] }) {
  return (
    <ul className="grid gap-px overflow-hidden rounded-2xl border border-border bg-border sm:grid-cols-2 lg:grid-cols-3">
      {features.map(({ icon: Icon, title, description }) => (
        <li key={title} className="bg-bg p-6 transition-colors hover:bg-surface sm:p-7">
          <span className="inline-flex size-10 items-center justify-center rounded-lg border border-border-strong bg-surface-2 text-accent-hover">
            <Icon className="size-5" aria-hidden="true" />
          </span>
          <h3 className="mt-5 text-base font-semibold text-fg">{title}</h3>
          <p className="mt-2 text-sm leading-relaxed text-muted">{description}</p>
        </li>
      ))}
    </ul>
  );
}
