import { FileCode2, X } from 'lucide-react';
import {
  TREE_CONTEXT_TOKEN_BUDGET,
  type ContextReason,
  type TreeContext,
} from '@codewright/contract';

const REASON_TEXT: Record<ContextReason, string> = {
  open: 'the file in the editor',
  imported: 'imported by the file in the editor',
  importer: 'imports the file in the editor',
  pinned: 'added by you',
};

export interface ContextFilesProps {
  /** What the next edit would show the model (selectTreeContext). */
  context: TreeContext;
  /** Files the user took out (listed by path only), to add back. */
  excluded: readonly string[];
  onPin: (path: string) => void;
  onExclude: (path: string) => void;
  disabled: boolean;
}

/**
 * Which of the project's files the next AI edit sends whole (issue 46): the file in the editor,
 * its imports and importers, and the files added here, within the budget; the others go by path
 * only. Each but the open file can be taken out; any other can be added.
 */
export function ContextFiles({ context, excluded, onPin, onExclude, disabled }: ContextFilesProps) {
  const tokens = context.shown.reduce((n, f) => n + f.tokens, 0);
  const addable = [...context.overBudget, ...context.listed].sort();
  return (
    <div className="mt-2" data-testid="context-files">
      <ul className="flex flex-wrap gap-1.5" aria-label="Files sent with the edit">
        {context.shown.map((file) => (
          <li
            key={file.path}
            data-testid="context-file"
            data-path={file.path}
            className="flex max-w-full min-w-0 items-center gap-1.5 rounded-full border border-border-strong bg-bg/60 py-0.5 pr-0.5 pl-2.5 text-xs text-fg"
            title={`${file.path}: ${REASON_TEXT[file.reason]}`}
          >
            <FileCode2 className="size-3.5 shrink-0 text-accent-hover" aria-hidden="true" />
            <span className="max-w-[12rem] truncate font-mono">{file.path}</span>
            {file.reason === 'open' ? (
              <span className="pr-2 text-[0.65rem] text-muted">open</span>
            ) : (
              <button
                type="button"
                onClick={() => onExclude(file.path)}
                disabled={disabled}
                aria-label={`Leave ${file.path} out of the edit`}
                className="grid size-6 shrink-0 place-items-center rounded-full text-muted hover:bg-white/10 hover:text-fg focus-visible:outline-2 focus-visible:outline-accent disabled:opacity-50"
              >
                <X className="size-3.5" aria-hidden="true" />
              </button>
            )}
          </li>
        ))}
      </ul>
      <div className="mt-1 flex flex-wrap items-center gap-2 text-[0.7rem] text-muted">
        <span data-testid="context-files-budget">
          Files: ≈{tokens.toLocaleString('en-US')} of{' '}
          {TREE_CONTEXT_TOKEN_BUDGET.toLocaleString('en-US')} tokens
          {context.overBudget.length > 0
            ? `; ${context.overBudget.length} more did not fit and go by path`
            : ''}
        </span>
        {addable.length > 0 ? (
          <select
            aria-label="Add a file to the edit"
            className="max-w-[12rem] rounded-md border border-border-strong bg-bg px-1.5 py-0.5 text-[0.7rem] text-fg"
            value=""
            disabled={disabled}
            onChange={(event) => {
              if (event.target.value) onPin(event.target.value);
            }}
          >
            <option value="">Add a file…</option>
            {addable.map((path) => (
              <option key={path} value={path}>
                {path}
                {excluded.includes(path) ? ' (left out)' : ''}
              </option>
            ))}
          </select>
        ) : null}
      </div>
    </div>
  );
}
