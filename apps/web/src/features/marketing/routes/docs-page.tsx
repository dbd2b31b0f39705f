import { useId, useState } from 'react';
import type { ReactNode } from 'react';
import { ChevronDown, Search, X } from 'lucide-react';
import { PageHeader, PageSection } from '../../../components/page-header.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { QuickStart } from '../components/quick-start.tsx';
import { ALL_ARTICLES, POPULAR_DOC_IDS, searchDocs } from '../content/docs.ts';
import { usePageMeta } from '../hooks/use-page-meta.ts';

/** Text with `code` spans, as the articles write commands and variable names. */
function withCode(text: string): ReactNode[] {
  return text.split(/`([^`]+)`/).map((part, i) =>
    i % 2 === 1 ? (
      <code key={i} className="rounded bg-white/[0.06] px-1 py-0.5 font-mono text-[13px] text-fg">
        {part}
      </code>
    ) : (
      part
    ),
  );
}

const POPULAR = POPULAR_DOC_IDS.map((id) => ALL_ARTICLES.find((a) => a.id === id)!);

/** /docs (SPEC §2.8): a search that filters the articles, popular docs, four categories and a quick start. */
export function DocsPage() {
  usePageMeta(
    'Documentation',
    'Install Codewright with npm start, connect OpenAI, Anthropic or a local Ollama model, and learn prompts, edits, projects and plans.',
  );
  const [query, setQuery] = useState('');
  const inputId = useId();
  const results = searchDocs(query);
  const count = results.reduce((n, c) => n + c.articles.length, 0);
  const searching = query.trim() !== '';

  return (
    <>
      <PageHeader eyebrow="Docs" title="Documentation">
        Everything you need to go from your first prompt to a saved, versioned project — and to run
        Codewright on your own machine.
      </PageHeader>
      <PageSection>
        <div role="search" className="relative max-w-xl">
          <label htmlFor={inputId} className="sr-only">
            Search documentation
          </label>
          <Search
            className="pointer-events-none absolute top-1/2 left-3.5 size-4 -translate-y-1/2 text-muted"
            aria-hidden="true"
          />
          <input
            id={inputId}
            type="search"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            placeholder="Search documentation"
            autoComplete="off"
            className="h-11 w-full rounded-lg border border-border-strong bg-surface pr-10 pl-10 text-sm text-fg placeholder:text-muted focus:border-accent focus:outline-none"
          />
        </div>
        <p className="mt-3 text-sm text-muted" aria-live="polite">
          {searching ? `${count} ${count === 1 ? 'article' : 'articles'} found` : ''}
        </p>

        <div className="mt-8 grid gap-10 lg:grid-cols-[1fr_18rem]">
          <div className="min-w-0 space-y-12">
            {count === 0 ? (
              <div className="rounded-2xl border border-dashed border-border-strong p-10 text-center">
                <p className="font-medium text-fg">No articles match “{query.trim()}”.</p>
                <p className="mt-1 text-sm text-muted">Try another word, or clear the search.</p>
                <Button variant="outline" size="sm" className="mt-5" onClick={() => setQuery('')}>
                  <X className="size-4" aria-hidden="true" />
                  Clear search
                </Button>
              </div>
            ) : (
              results.map((category) => (
                <section key={category.id} aria-labelledby={`cat-${category.id}`}>
                  <h2 id={`cat-${category.id}`} className="text-xl font-semibold text-fg">
                    {category.title}
                  </h2>
                  <p className="mt-1 text-sm text-muted">{category.description}</p>
                  <div className="mt-5 space-y-3">
                    {category.articles.map((article) => (
                      <details
                        key={article.id}
                        id={article.id}
                        open={searching || undefined}
                        className="group scroll-mt-24 rounded-xl border border-border bg-surface px-5 py-4"
                      >
                        <summary className="flex cursor-pointer list-none items-start justify-between gap-4 [&::-webkit-details-marker]:hidden">
                          <div>
                            <h3 className="font-medium text-fg group-open:text-violet-200">
                              {article.title}
                            </h3>
                            <p className="mt-1 text-sm text-muted">{article.summary}</p>
                          </div>
                          <ChevronDown
                            className="mt-1 size-4 shrink-0 text-muted transition-transform group-open:rotate-180"
                            aria-hidden="true"
                          />
                        </summary>
                        <div className="mt-4 space-y-3 border-t border-border pt-4 text-sm leading-relaxed text-muted">
                          {article.body.map((paragraph) => (
                            <p key={paragraph}>{withCode(paragraph)}</p>
                          ))}
                        </div>
                      </details>
                    ))}
                  </div>
                </section>
              ))
            )}
          </div>

          <aside className="space-y-8 lg:sticky lg:top-24 lg:self-start" aria-label="Popular docs">
            <nav aria-labelledby="popular-title">
              <h2 id="popular-title" className="text-sm font-semibold text-fg">
                Popular docs
              </h2>
              <ul className="mt-3 space-y-2">
                {POPULAR.map((article) => (
                  <li key={article.id}>
                    <a
                      href={`#${article.id}`}
                      onClick={() => {
                        setQuery('');
                        // Open the article it points to once it is rendered.
                        requestAnimationFrame(() => {
                          const el = document.getElementById(article.id);
                          if (el instanceof HTMLDetailsElement) el.open = true;
                        });
                      }}
                      className="text-sm text-muted underline-offset-4 hover:text-fg hover:underline"
                    >
                      {article.title}
                    </a>
                  </li>
                ))}
              </ul>
            </nav>
          </aside>
        </div>

        <div className="mt-16">
          <QuickStart />
        </div>
      </PageSection>
    </>
  );
}
