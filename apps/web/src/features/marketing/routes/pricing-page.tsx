import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Check, Loader2 } from 'lucide-react';
import {
  PLAN_LIMITS,
  POST_LOGIN_PATH_HEADER,
  REFUND_DAYS,
  type PlanName,
} from '@codewright/contract';
import { PageHeader, PageSection } from '../../../components/page-header.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { cn } from '../../../components/ui/cn.ts';
import { loadClient } from '../../../sdk-loader.ts';
import { useAuth } from '../../auth/index.ts';
import { useTrackCta } from '../../analytics/index.ts';
import { FaqList } from '../components/faq-list.tsx';
import { FAQ } from '../content/faq.ts';
import { PLAN_CARDS } from '../content/plans.ts';
import { useAuthGate } from '../hooks/use-auth-gate.tsx';
import { usePageMeta } from '../hooks/use-page-meta.ts';

/** The plan in the signed-in user's metadata (SPEC §3 planData), or null when unknown. */
function currentPlanOf(metadata: string | undefined): PlanName | null {
  try {
    const plan = (JSON.parse(metadata ?? '{}') as { planData?: { plan?: unknown } }).planData?.plan;
    return plan === 'free' || plan === 'pro' || plan === 'enterprise' ? plan : null;
  } catch {
    return null;
  }
}

/** /pricing (SPEC §2.7): three plans, the refund claim and five FAQ entries. */
export function PricingPage() {
  usePageMeta(
    'Pricing',
    `Codewright pricing: Free for public projects, Pro at $29 a month with unlimited generations, and custom Enterprise plans. ${REFUND_DAYS}-day refund.`,
  );
  const { user } = useAuth();
  const gate = useAuthGate();
  const trackCta = useTrackCta();
  const navigate = useNavigate();
  const [busy, setBusy] = useState<PlanName | null>(null);
  const current = currentPlanOf(user?.metadata);

  function choose(plan: PlanName) {
    trackCta(`Pricing: ${PLAN_LIMITS[plan].name}`);
    gate.run(() => {
      if (plan === current) {
        void navigate(POST_LOGIN_PATH_HEADER);
        return;
      }
      setBusy(plan);
      // Self-serve, as the spec says: the upgrade sets the plan directly; there is no payment step.
      loadClient()
        .then(async (client) => {
          await client.plan.upgrade(plan);
          toast.success(`You're on the ${PLAN_LIMITS[plan].name} plan.`);
          // Refresh the user so the header, dashboard and this page see the new plan.
          await client.auth.getCurrentUser().catch(() => null);
          await navigate(POST_LOGIN_PATH_HEADER);
        })
        .catch((error: unknown) => {
          console.error('Plan change failed', error);
          toast.error(
            error instanceof Error && error.message
              ? error.message
              : 'Could not change your plan. Please try again.',
          );
        })
        .finally(() => setBusy(null));
    });
  }

  return (
    <>
      <PageHeader eyebrow="Pricing" title="Simple pricing that scales with you">
        Start free, upgrade when you need more. Every paid plan comes with a {REFUND_DAYS}-day
        refund.
      </PageHeader>
      <PageSection>
        <ul className="grid gap-8 lg:grid-cols-3 lg:gap-5">
          {PLAN_CARDS.map((plan) => {
            const popular = plan.key === 'pro';
            const isCurrent = plan.key === current;
            const name = PLAN_LIMITS[plan.key].name;
            return (
              <li
                key={plan.key}
                className={cn(
                  'relative flex flex-col rounded-2xl border bg-surface p-7',
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
                <h2 className="text-lg font-semibold text-fg">{name}</h2>
                <p className="mt-1 text-sm text-muted">{plan.blurb}</p>
                <p className="mt-5 flex items-baseline gap-2">
                  <span className="text-4xl font-semibold tracking-tight text-fg">
                    {plan.price}
                  </span>
                  <span className="text-sm text-muted">{plan.period}</span>
                </p>
                <ul className="mt-6 mb-8 space-y-3">
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
                <Button
                  className="mt-auto w-full"
                  variant={popular ? 'primary' : 'outline'}
                  disabled={busy !== null || gate.loading}
                  aria-busy={busy === plan.key}
                  onClick={() => choose(plan.key)}
                >
                  {busy === plan.key ? (
                    <>
                      <Loader2 className="size-4 animate-spin" aria-hidden="true" />
                      Switching…
                    </>
                  ) : isCurrent ? (
                    'Your current plan'
                  ) : (
                    plan.cta
                  )}
                </Button>
              </li>
            );
          })}
        </ul>
        <p className="mt-8 max-w-3xl text-sm leading-relaxed text-muted">
          {REFUND_DAYS}-day refund on every paid plan. This is self-hosted software: choosing a plan
          switches your account on this instance at once, with no payment step here — billing, if
          any, is up to whoever runs it.
        </p>

        <section aria-labelledby="faq-title" className="mt-20">
          <h2 id="faq-title" className="text-2xl font-semibold tracking-tight text-fg">
            Frequently asked questions
          </h2>
          <div className="mt-6 max-w-3xl">
            <FaqList items={FAQ} />
          </div>
        </section>
      </PageSection>
      {gate.dialog}
    </>
  );
}
