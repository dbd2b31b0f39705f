import { BookOpen, Code2, Rocket, Settings } from 'lucide-react';
import { PageHeader, PageSection } from '../../../components/page-header.tsx';
import { useDocumentTitle } from '../../../hooks/use-document-title.ts';

const TOPICS = [
  {
    icon: Rocket,
    title: 'Getting started',
    text: 'Create an account, open the generator and describe your first component.',
  },
  {
    icon: Code2,
    title: 'Writing good prompts',
    text: 'Name the language, the inputs and outputs, and the edge cases you care about.',
  },
  {
    icon: BookOpen,
    title: 'Projects and versions',
    text: 'Save your work, reopen it from the dashboard and roll back from the chat.',
  },
  {
    icon: Settings,
    title: 'Self-hosting',
    text: 'Run Codewright on your own machine with `npm start` and your own model provider.',
  },
];

/** /docs (SPEC §2.8); search, popular docs and the quick start come with the marketing issue. */
export function DocsPage() {
  useDocumentTitle('Documentation');
  return (
    <>
      <PageHeader eyebrow="Docs" title="Documentation">
        Everything you need to go from your first prompt to a saved, versioned project.
      </PageHeader>
      <PageSection>
        <ul className="grid gap-4 sm:grid-cols-2">
          {TOPICS.map(({ icon: Icon, title, text }) => (
            <li key={title} className="flex gap-4 rounded-xl border border-border bg-surface p-6">
              <Icon className="mt-0.5 size-5 shrink-0 text-accent-hover" aria-hidden="true" />
              <div>
                <h2 className="font-semibold text-fg">{title}</h2>
                <p className="mt-1.5 text-sm leading-relaxed text-muted">{text}</p>
              </div>
            </li>
          ))}
        </ul>
      </PageSection>
    </>
  );
}
