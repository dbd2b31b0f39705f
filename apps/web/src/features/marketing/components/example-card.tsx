import { Copy, Wand2 } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import type { Example } from '../content/examples.ts';
import { CodeBlock } from './code-block.tsx';

interface ExampleCardProps {
  example: Example;
  onCopy: (example: Example) => void;
  onTry: (example: Example) => void;
}

/** One example of SPEC §2.6: title, description, tags, prompt and highlighted code. */
export function ExampleCard({ example, onCopy, onTry }: ExampleCardProps) {
  const titleId = `example-${example.id}`;
  return (
    <article
      aria-labelledby={titleId}
      className="flex min-w-0 flex-col overflow-hidden rounded-2xl border border-border bg-surface"
    >
      <div className="p-6">
        <div className="flex flex-wrap items-center gap-2">
          <span className="rounded-md bg-accent-soft px-2 py-0.5 text-xs font-medium text-violet-200">
            {example.category}
          </span>
          <span className="text-xs text-muted">{example.language}</span>
        </div>
        <h2 id={titleId} className="mt-3 text-lg font-semibold text-fg">
          {example.title}
        </h2>
        <p className="mt-1.5 text-sm leading-relaxed text-muted">{example.description}</p>
        <ul className="mt-4 flex flex-wrap gap-1.5" aria-label="Tags">
          {example.tags.map((tag) => (
            <li
              key={tag}
              className="rounded-full border border-border-strong px-2.5 py-0.5 text-xs text-muted"
            >
              {tag}
            </li>
          ))}
        </ul>
        <div className="mt-5 rounded-lg border border-border bg-bg/60 p-3">
          <p className="text-xs font-medium tracking-wide text-muted uppercase">Prompt</p>
          <p className="mt-1 text-sm leading-relaxed text-fg">{example.prompt}</p>
        </div>
      </div>
      <div className="mt-auto border-t border-border">
        <div className="flex items-center justify-between gap-2 px-4 py-2">
          <span className="font-mono text-xs text-muted">{example.language}</span>
          <Button
            variant="ghost"
            size="sm"
            onClick={() => onCopy(example)}
            aria-label={`Copy the code of ${example.title}`}
          >
            <Copy className="size-4" aria-hidden="true" />
            Copy
          </Button>
        </div>
        <CodeBlock
          code={example.code}
          language={example.language}
          label={`${example.title} code`}
        />
        <div className="border-t border-border p-4">
          <Button
            variant="outline"
            className="w-full"
            onClick={() => onTry(example)}
            aria-describedby={titleId}
          >
            <Wand2 className="size-4" aria-hidden="true" />
            Try this prompt
          </Button>
        </div>
      </div>
    </article>
  );
}
