import { FileText, Globe, ImageIcon, X } from 'lucide-react';
import { CONTEXT_TOKEN_BUDGET, type PromptContextKind } from '@codewright/contract';
import type { ContextChip } from './use-prompt-context.ts';

const ICONS: Record<PromptContextKind, typeof Globe> = {
  web: Globe,
  document: FileText,
  image: ImageIcon,
};
const KIND_LABEL: Record<PromptContextKind, string> = {
  web: 'Web page',
  document: 'Document',
  image: 'Image asset',
};

export interface ContextChipsProps {
  chips: ContextChip[];
  tokens: number;
  onRemove: (id: string) => void;
  disabled: boolean;
}

/**
 * The context attached to the prompt, as removable chips (docs/decisions/024), with the share of
 * the context budget it takes. Removing a chip moves focus to the prompt's next chip or the list.
 */
export function ContextChips({ chips, tokens, onRemove, disabled }: ContextChipsProps) {
  if (chips.length === 0) return null;
  return (
    <div className="mt-2" data-testid="context-chips">
      <ul className="flex flex-wrap gap-1.5" aria-label="Context sent with the prompt">
        {chips.map((chip) => {
          const Icon = ICONS[chip.kind];
          return (
            <li
              key={chip.id}
              data-testid="context-chip"
              data-kind={chip.kind}
              className="flex max-w-full min-w-0 items-center gap-1.5 rounded-full border border-border-strong bg-bg/60 py-0.5 pr-0.5 pl-2.5 text-xs text-fg"
              title={`${KIND_LABEL[chip.kind]}: ${chip.source}`}
            >
              <Icon className="size-3.5 shrink-0 text-accent-hover" aria-hidden="true" />
              <span className="sr-only">{KIND_LABEL[chip.kind]}:</span>
              <span className="max-w-[14rem] truncate">{chip.title}</span>
              {chip.cut ? (
                <span className="shrink-0 rounded bg-amber-400/15 px-1 text-[0.65rem] text-amber-200">
                  shortened
                </span>
              ) : null}
              <button
                type="button"
                onClick={() => onRemove(chip.id)}
                disabled={disabled}
                aria-label={`Remove ${KIND_LABEL[chip.kind].toLowerCase()} "${chip.title}"`}
                className="grid size-6 shrink-0 place-items-center rounded-full text-muted hover:bg-white/10 hover:text-fg focus-visible:outline-2 focus-visible:outline-accent disabled:opacity-50"
              >
                <X className="size-3.5" aria-hidden="true" />
              </button>
            </li>
          );
        })}
      </ul>
      <p
        className="mt-1 text-[0.7rem] text-muted"
        data-testid="context-budget"
        title="Sent with each prompt until you remove its chip; longer texts are shortened to fit."
      >
        Context: ≈{tokens.toLocaleString('en-US')} of {CONTEXT_TOKEN_BUDGET.toLocaleString('en-US')}{' '}
        tokens, sent with each prompt
      </p>
    </div>
  );
}
