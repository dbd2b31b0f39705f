import { ArrowRight } from 'lucide-react';
import { PageHeader, PageSection } from '../../../components/page-header.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FeatureGrid } from '../components/feature-grid.tsx';
import { FEATURES } from '../feature-list.ts';
import { useAuthGate } from '../hooks/use-auth-gate.tsx';
import { usePageMeta } from '../hooks/use-page-meta.ts';
import { useStartBuilding } from '../hooks/use-start-building.ts';

/** /features (SPEC §2.5): six cards with bullet details and a closing call to action. */
export function FeaturesPage() {
  usePageMeta(
    'Features',
    'Generate code from a prompt, edit it by conversation, roll back any version and keep projects on a dashboard — in 20+ languages, on your own server.',
  );
  const gate = useAuthGate();
  const startBuilding = useStartBuilding(gate, 'Features: Start Building');
  return (
    <>
      <PageHeader eyebrow="Features" title="Built for how developers actually work">
        Codewright turns plain-language requests into code, edits it by conversation and keeps every
        version, so you can move fast without losing track.
      </PageHeader>
      <PageSection>
        <FeatureGrid features={FEATURES} details headingLevel={2} />
        <section
          aria-labelledby="features-cta"
          className="mt-16 flex flex-col items-start gap-6 rounded-2xl border border-border bg-surface p-8 sm:flex-row sm:items-center sm:justify-between sm:p-10"
        >
          <div>
            <h2 id="features-cta" className="text-2xl font-semibold tracking-tight text-fg">
              Ready to build something?
            </h2>
            <p className="mt-2 max-w-xl text-muted">
              Describe your first component and watch the code appear. The Free plan needs no card.
            </p>
          </div>
          <Button size="lg" onClick={startBuilding} disabled={gate.loading}>
            Start Building
            <ArrowRight className="size-4" aria-hidden="true" />
          </Button>
        </section>
      </PageSection>
      {gate.dialog}
    </>
  );
}
