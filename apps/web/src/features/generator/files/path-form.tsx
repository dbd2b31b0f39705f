import { useEffect, useRef, type FormEvent } from 'react';

export interface PathFormProps {
  label: string;
  /** What Enter does: "create", "rename". */
  verb: string;
  value: string;
  onChange: (value: string) => void;
  onSubmit: (event: FormEvent) => void;
  onCancel: () => void;
  /** What is wrong with the path (shown under the tree as an alert, `file-tree-error`). */
  error: string | null;
  busy: boolean;
}

/** The file tree's path field (a new file, a rename): focused when it opens; Esc cancels. */
export function PathForm({
  label,
  verb,
  value,
  onChange,
  onSubmit,
  onCancel,
  error,
  busy,
}: PathFormProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  useEffect(() => inputRef.current?.focus(), []);
  return (
    <form className="shrink-0 px-2 pb-2" onSubmit={onSubmit}>
      <label className="mb-1 block text-xs text-muted" htmlFor="file-tree-path">
        {label}
      </label>
      <input
        ref={inputRef}
        id="file-tree-path"
        className="w-full rounded-md border border-border bg-bg px-2 py-1 font-mono text-sm text-fg focus-visible:outline-2 focus-visible:outline-accent"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Escape') {
            e.preventDefault();
            e.stopPropagation();
            onCancel();
          }
        }}
        placeholder="src/helper.js"
        spellCheck={false}
        autoCapitalize="off"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? 'file-tree-error' : undefined}
        disabled={busy}
      />
      <p className="mt-1 text-xs text-subtle">Enter to {verb}, Esc to cancel</p>
    </form>
  );
}
