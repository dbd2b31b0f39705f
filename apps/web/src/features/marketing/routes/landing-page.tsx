import { Link } from 'react-router';
import { ArrowRight, Sparkles } from 'lucide-react';
import { MESSAGES, PLAN_LIMITS } from '@codewright/contract';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { useTrackCta } from '../../analytics/index.ts';
import { CodePreview } from '../components/code-preview.tsx';
import { FeatureGrid } from '../components/feature-grid.tsx';
import { StatCounters } from '../components/stat-counters.tsx';
import { FEATURES } from '../feature-list.ts';
import { useAuthGate } from '../hooks/use-auth-gate.tsx';
import { usePageMeta } from '../hooks/use-page-meta.ts';
import { useStartBuilding } from '../hooks/use-start-building.ts';

const FREE = PLAN_LIMITS.free;

/** Landing page (SPEC §2.4): hero with Start Building, the three counters, then the feature grid. */
export function LandingPage() {
  usePageMeta(
    null,
    `${MESSAGES.tagline}. Describe what to build, edit code by prompt, and keep every version in a self-hosted workspace.`,
  );
  const gate = useAuthGate();
  const startBuilding = useStartBuilding(gate, 'Start Building');
  const trackCta = useTrackCta();

  return (
    <>
      <section className="relative overflow-hidden" aria-labelledby="hero-title">
        <div className="bg-grid pointer-events-none absolute inset-0" aria-hidden="true" />
        <div
          className="pointer-events-none absolute -top-40 left-1/2 h-[480px] w-[min(900px,120vw)] -translate-x-1/2 rounded-full bg-accent/20 blur-[120px]"
          aria-hidden="true"
        />
        <div className="relative mx-auto grid max-w-6xl items-center gap-12 px-4 pt-16 pb-20 sm:px-6 sm:pt-24 lg:grid-cols-[1.1fr_1fr] lg:gap-10 lg:pb-28">
          <div className="min-w-0">
            <p className="inline-flex items-center gap-2 rounded-full border border-border-strong bg-surface/70 px-3 py-1 text-xs font-medium text-muted">
              <Sparkles className="size-3.5 text-accent-hover" aria-hidden="true" />
              Self-hosted AI code generation
            </p>
            <h1
              id="hero-title"
              className="text-gradient mt-6 text-4xl leading-[1.08] font-semibold tracking-tight text-balance sm:text-6xl"
            >
              Describe it. Codewright writes the code.
            </h1>
            <p className="mt-6 max-w-xl text-lg leading-relaxed text-muted">
              {MESSAGES.tagline}. Generate from a prompt, edit by conversation, and keep every
              version.
            </p>
            <div className="mt-9 flex flex-col gap-3 sm:flex-row">
              <Button size="lg" onClick={startBuilding} disabled={gate.loading}>
                Start Building
                <ArrowRight className="size-4" aria-hidden="true" />
              </Button>
              <Link
                to="/examples"
                className={buttonClasses('outline', 'lg')}
                onClick={() => trackCta('See examples')}
              >
                See examples
              </Link>
            </div>
            <p className="mt-5 text-sm text-muted">
              Free plan: {FREE.generationsPerMonth} generations and {FREE.editsPerMonth} edits a
              month. No card needed.
            </p>
          </div>
          <CodePreview />
        </div>
      </section>

      <section aria-labelledby="stats-title" className="border-t border-border">
        <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
          <h2 id="stats-title" className="sr-only">
            Codewright in numbers
          </h2>
          <StatCounters />
        </div>
      </section>

      <section id="features" aria-labelledby="features-title" className="border-t border-border">
        <div className="mx-auto max-w-6xl px-4 py-20 sm:px-6">
          <div className="max-w-3xl">
            <h2
              id="features-title"
              className="text-3xl font-semibold tracking-tight text-fg sm:text-4xl"
            >
              Everything you need to ship faster
            </h2>
            <p className="mt-4 text-muted">
              From a one-line idea to a saved project: generate, refine, roll back and keep
              building.
            </p>
          </div>
          <div className="mt-12">
            <FeatureGrid features={FEATURES} />
          </div>
          <div className="mt-12 flex flex-col items-start gap-3 sm:flex-row sm:items-center">
            <Link
              to="/features"
              className={buttonClasses('outline', 'md')}
              onClick={() => trackCta('Explore features')}
            >
              Explore all features
              <ArrowRight className="size-4" aria-hidden="true" />
            </Link>
            <Link
              to="/pricing"
              className="text-sm font-medium text-muted underline-offset-4 hover:text-fg hover:underline"
              onClick={() => trackCta('See pricing')}
            >
              See pricing
            </Link>
          </div>
        </div>
      </section>

      {gate.dialog}
    </>
  );
}
