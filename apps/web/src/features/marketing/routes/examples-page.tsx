import { PageHeader, PageSection } from '../../../components/page-header.tsx';
import { useDocumentTitle } from '../../../hooks/use-document-title.ts';

const SAMPLES = [
  { tag: 'React', prompt: 'A dark-mode toggle that remembers the choice in localStorage.' },
  { tag: 'Backend', prompt: 'A REST endpoint that paginates users with cursor-based paging.' },
  { tag: 'Full Stack', prompt: 'A todo app with a Node API and a React front end.' },
  { tag: 'AI/ML', prompt: 'A Python script that classifies support tickets by sentiment.' },
];

/** /examples (SPEC §2.6); the filterable example gallery comes with the marketing issue. */
export function ExamplesPage() {
  useDocumentTitle('Examples');
  return (
    <>
      <PageHeader eyebrow="Examples" title="See what you can build">
        Real prompts and the kind of code they produce, from React components to backend services.
      </PageHeader>
      <PageSection>
        <ul className="grid gap-4 sm:grid-cols-2">
          {SAMPLES.map((s) => (
            <li key={s.tag} className="rounded-xl border border-border bg-surface p-6">
              <span className="rounded-md bg-accent-soft px-2 py-0.5 text-xs font-medium text-accent-hover">
                {s.tag}
              </span>
              <p className="mt-4 font-mono text-sm leading-relaxed text-fg">“{s.prompt}”</p>
            </li>
          ))}
        </ul>
      </PageSection>
    </>
  );
}
