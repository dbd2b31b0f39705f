import { ChevronDown } from 'lucide-react';

/** Questions as native disclosures: keyboard and screen-reader support come with <details>. */
export function FaqList({ items }: { items: ReadonlyArray<{ question: string; answer: string }> }) {
  return (
    <div className="divide-y divide-border rounded-2xl border border-border bg-surface">
      {items.map(({ question, answer }) => (
        <details key={question} className="group px-6 py-1">
          <summary className="flex cursor-pointer list-none items-center justify-between gap-4 py-4 text-left font-medium text-fg [&::-webkit-details-marker]:hidden">
            <h3 className="text-base">{question}</h3>
            <ChevronDown
              className="size-4 shrink-0 text-muted transition-transform group-open:rotate-180"
              aria-hidden="true"
            />
          </summary>
          <p className="pb-5 text-sm leading-relaxed text-muted">{answer}</p>
        </details>
      ))}
    </div>
  );
}
