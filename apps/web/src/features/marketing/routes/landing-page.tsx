import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ArrowRight, Sparkles } from 'lucide-react';
import { MESSAGES, POST_LOGIN_PATH_DIALOG } from '@codewright/contract';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { useDocumentTitle } from '../../../hooks/use-document-title.ts';
import { useAuth } from '../../auth/hooks/use-auth.ts';
import { AuthDialog } from '../../auth/components/auth-dialog.tsx';
import { CodePreview } from '../components/code-preview.tsx';
import { FeatureGrid } from '../components/feature-grid.tsx';
import { FEATURES } from '../feature-list.ts';

/** Landing page (SPEC §2.4): hero with Start Building, then the feature grid. */
export function LandingPage() {
  useDocumentTitle(null);
  const { status } = useAuth();
  const navigate = useNavigate();
  const [dialogOpen, setDialogOpen] = useState(false);

  const startBuilding = () => {
    if (status === 'signed-in') void navigate(POST_LOGIN_PATH_DIALOG);
    else setDialogOpen(true);
  };

  return (
    <>
      <section className="relative overflow-hidden">
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
            <h1 className="text-gradient mt-6 text-4xl leading-[1.08] font-semibold tracking-tight text-balance sm:text-6xl">
              Describe it. Codewright writes the code.
            </h1>
            <p className="mt-6 max-w-xl text-lg leading-relaxed text-muted">
              {MESSAGES.tagline}. Generate from a prompt, edit by conversation, and keep every
              version.
            </p>
            <div className="mt-9 flex flex-col gap-3 sm:flex-row">
              <Button size="lg" onClick={startBuilding} disabled={status === 'loading'}>
                Start Building
                <ArrowRight className="size-4" aria-hidden="true" />
              </Button>
              <Link to="/examples" className={buttonClasses('outline', 'lg')}>
                See examples
              </Link>
            </div>
            <p className="mt-5 text-sm text-subtle">
              Free plan: 10 generations and 5 edits a month. No card needed.
            </p>
          </div>
          <CodePreview />
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
        </div>
      </section>

      <AuthDialog open={dialogOpen} onOpenChange={setDialogOpen} />
    </>
  );
}
