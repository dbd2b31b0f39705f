import { Check } from 'lucide-react';
import { PLAN_LIMITS, PRICES, REFUND_DAYS } from '@codewright/contract';
import { PageHeader, PageSection } from '../../../components/page-header.tsx';
import { cn } from '../../../components/ui/cn.ts';
import { useDocumentTitle } from '../../../hooks/use-document-title.ts';

const PLANS = [
  {
    key: 'free',
    price: `$${PRICES.free}`,
    period: 'forever',
    points: [
      '10 generations a month',
      '5 edits a month',
      'Up to 3 projects',
      'Public projects only',
    ],
  },
  {
    key: 'pro',
    price: `$${PRICES.pro}`,
    period: 'per month',
    points: [
      'Unlimited generations and edits',
      'Unlimited projects',
      'Advanced AI models',
      'Teams of up to 5',
    ],
  },
  {
    key: 'enterprise',
    price: 'Custom',
    period: 'talk to us',
    points: [
      'Everything in Pro',
      'Unlimited team members',
      'Custom integrations',
      'Priority support',
    ],
  },
] as const;

/** /pricing (SPEC §2.7); plan buttons and the FAQ come with the marketing issue. */
export function PricingPage() {
  useDocumentTitle('Pricing');
  return (
    <>
      <PageHeader eyebrow="Pricing" title="Simple pricing that scales with you">
        Start free, upgrade when you need more. Every paid plan comes with a {REFUND_DAYS}-day
        refund.
      </PageHeader>
      <PageSection>
        <ul className="grid gap-8 lg:grid-cols-3 lg:gap-5">
          {PLANS.map((plan) => {
            const popular = plan.key === 'pro';
            return (
              <li
                key={plan.key}
                className={cn(
                  'relative rounded-2xl border bg-surface p-7',
                  popular
                    ? 'border-accent/60 shadow-[0_0_0_1px_var(--color-accent)]'
                    : 'border-border',
                )}
              >
                {popular ? (
                  <span className="absolute -top-3 left-7 rounded-full bg-accent px-3 py-0.5 text-xs font-medium text-accent-fg">
                    Most Popular
                  </span>
                ) : null}
                <h2 className="text-lg font-semibold text-fg">{PLAN_LIMITS[plan.key].name}</h2>
                <p className="mt-4 flex items-baseline gap-2">
                  <span className="text-4xl font-semibold tracking-tight text-fg">
                    {plan.price}
                  </span>
                  <span className="text-sm text-subtle">{plan.period}</span>
                </p>
                <ul className="mt-6 space-y-3">
                  {plan.points.map((point) => (
                    <li key={point} className="flex items-start gap-2.5 text-sm text-muted">
                      <Check
                        className="mt-0.5 size-4 shrink-0 text-accent-hover"
                        aria-hidden="true"
                      />
                      {point}
                    </li>
                  ))}
                </ul>
              </li>
            );
          })}
        </ul>
      </PageSection>
    </>
  );
}
