import { FileText, Globe, ImageIcon } from 'lucide-react';
import type { PromptContextKind, PromptContextRef } from '@codewright/contract';

const ICONS: Record<PromptContextKind, typeof Globe> = {
  web: Globe,
  document: FileText,
  image: ImageIcon,
};
export const CONTEXT_KIND_LABEL: Record<PromptContextKind, string> = {
  web: 'Web page',
  document: 'Document',
  image: 'Image asset',
};

/** Where an item came from, in a few words: a page's host, else nothing (the title says it). */
export function contextWhere(ref: PromptContextRef): string | null {
  if (ref.kind !== 'web') return null;
  try {
    return new URL(ref.source).hostname;
  } catch {
    return null;
  }
}

/**
 * The context a sent user message carried (docs/decisions/033): one small, read-only tag per item
 * with its kind, title and, for a web page, its host — never the text.
 */
export function MessageContext({
  refs,
  label,
}: {
  refs: readonly PromptContextRef[];
  label: string;
}) {
  if (refs.length === 0) return null;
  return (
    <ul className="mt-2 flex flex-wrap gap-1.5" aria-label={label} data-testid="message-context">
      {refs.map((ref, i) => {
        const Icon = ICONS[ref.kind];
        const where = contextWhere(ref);
        return (
          <li
            key={`${i}-${ref.source}`}
            data-testid="message-context-item"
            data-kind={ref.kind}
            title={`${CONTEXT_KIND_LABEL[ref.kind]}: ${ref.source}`}
            className="flex max-w-full min-w-0 items-center gap-1.5 rounded-full border border-accent/25 bg-bg/50 px-2 py-0.5 text-xs text-muted"
          >
            <Icon className="size-3.5 shrink-0 text-accent-hover" aria-hidden="true" />
            <span className="sr-only">{CONTEXT_KIND_LABEL[ref.kind]}:</span>
            <span className="max-w-[14rem] truncate text-fg">{ref.title}</span>
            {where && where !== ref.title ? (
              <span className="max-w-[9rem] shrink-0 truncate">· {where}</span>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
