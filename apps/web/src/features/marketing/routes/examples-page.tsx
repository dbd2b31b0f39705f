import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { MESSAGES, POST_LOGIN_PATH_DIALOG } from '@codewright/contract';
import { PageHeader, PageSection } from '../../../components/page-header.tsx';
import { cn } from '../../../components/ui/cn.ts';
import { useTrackCta } from '../../analytics/index.ts';
import { ExampleCard } from '../components/example-card.tsx';
import {
  EXAMPLE_CATEGORIES,
  examplesIn,
  type Example,
  type ExampleCategory,
} from '../content/examples.ts';
import { useAuthGate } from '../hooks/use-auth-gate.tsx';
import { usePageMeta } from '../hooks/use-page-meta.ts';

/** /examples (SPEC §2.6, §4.6): a category filter over six examples with copy and "Try this prompt". */
export function ExamplesPage() {
  usePageMeta(
    'Examples',
    'Real prompts and the code Codewright generates from them: React components, backend services, full-stack apps and AI/ML scripts.',
  );
  const [category, setCategory] = useState<ExampleCategory>('All Examples');
  const navigate = useNavigate();
  const gate = useAuthGate();
  const trackCta = useTrackCta();
  const shown = examplesIn(category);

  async function copy(example: Example) {
    try {
      await navigator.clipboard.writeText(example.code);
      toast.success(MESSAGES.codeCopied);
    } catch (error) {
      console.error('Copy failed', error);
      toast.error('Could not copy the code. Select it and copy it by hand.');
    }
  }

  function tryPrompt(example: Example) {
    trackCta('Try this prompt');
    // The prompt goes along whether the visitor is signed in or signs in first.
    const state = { initialPrompt: example.prompt, language: example.language };
    gate.run(() => void navigate(POST_LOGIN_PATH_DIALOG, { state }), { state });
  }

  return (
    <>
      <PageHeader eyebrow="Examples" title="See what you can build">
        Real prompts and the kind of code they produce, from React components to backend services.
        Copy the code, or send the prompt to the generator and make it yours.
      </PageHeader>
      <PageSection>
        <div role="group" aria-label="Filter examples by category" className="flex flex-wrap gap-2">
          {EXAMPLE_CATEGORIES.map((name) => {
            const active = name === category;
            return (
              <button
                key={name}
                type="button"
                aria-pressed={active}
                onClick={() => setCategory(name)}
                className={cn(
                  'shrink-0 rounded-full border px-4 py-1.5 text-sm font-medium transition-colors',
                  active
                    ? 'border-transparent bg-white text-zinc-950'
                    : 'border-border-strong text-muted hover:border-white/25 hover:text-fg',
                )}
              >
                {name}
              </button>
            );
          })}
        </div>
        <p className="mt-5 text-sm text-muted" aria-live="polite">
          {shown.length === 1 ? '1 example' : `${shown.length} examples`}
          {category === 'All Examples' ? '' : ` in ${category}`}
        </p>
        <div className="mt-6 grid gap-6 lg:grid-cols-2">
          {shown.map((example) => (
            <ExampleCard key={example.id} example={example} onCopy={copy} onTry={tryPrompt} />
          ))}
        </div>
      </PageSection>
      {gate.dialog}
    </>
  );
}
