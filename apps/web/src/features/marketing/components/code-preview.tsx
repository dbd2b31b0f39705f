/** A static editor mock for the hero: a prompt and the code it produced. */
const LINES: Array<Array<[string, string]>> = [
  [
    ['text-violet-300', 'export function '],
    ['text-sky-300', 'useDebounce'],
    ['text-fg', '<T>(value: T, ms = 300) {'],
  ],
  [
    ['text-violet-300', '  const '],
    ['text-fg', '[debounced, setDebounced] = '],
    ['text-sky-300', 'useState'],
    ['text-fg', '(value);'],
  ],
  [
    ['text-sky-300', '  useEffect'],
    ['text-fg', '(() => {'],
  ],
  [
    ['text-violet-300', '    const '],
    ['text-fg', 'id = '],
    ['text-sky-300', 'setTimeout'],
    ['text-fg', '(() => setDebounced(value), ms);'],
  ],
  [
    ['text-violet-300', '    return '],
    ['text-fg', '() => '],
    ['text-sky-300', 'clearTimeout'],
    ['text-fg', '(id);'],
  ],
  [['text-fg', '  }, [value, ms]);']],
  [
    ['text-violet-300', '  return '],
    ['text-fg', 'debounced;'],
  ],
  [['text-fg', '}']],
];

export function CodePreview() {
  return (
    <div
      className="w-full min-w-0 overflow-hidden rounded-2xl border border-border-strong bg-surface shadow-2xl shadow-black/50"
      aria-label="Example: a prompt and the code Codewright generated"
      role="img"
    >
      <div className="flex items-center gap-2 border-b border-border px-4 py-3">
        <span className="size-2.5 rounded-full bg-white/15" />
        <span className="size-2.5 rounded-full bg-white/15" />
        <span className="size-2.5 rounded-full bg-white/15" />
        <span className="ml-3 font-mono text-xs text-subtle">use-debounce.ts</span>
        <span className="ml-auto rounded-md bg-accent-soft px-2 py-0.5 text-[11px] font-medium text-accent-hover">
          TypeScript
        </span>
      </div>
      <div className="border-b border-border bg-bg/60 px-4 py-3 text-sm">
        <span className="text-subtle">Prompt · </span>
        <span className="text-muted">
          A React hook that debounces a value, typed, with cleanup.
        </span>
      </div>
      {/* Long lines wrap (under their own indent) instead of scrolling: an illustration has no
          scrollable region a keyboard user would have to reach (axe: scrollable-region-focusable). */}
      <pre className="overflow-hidden px-4 py-4 font-mono text-[11.5px] leading-6 sm:text-[12.5px]">
        <code>
          {LINES.map((line, i) => (
            <div key={i} className="-indent-8 pl-8 whitespace-pre-wrap">
              <span className="mr-4 inline-block w-4 text-right text-subtle/60 select-none">
                {i + 1}
              </span>
              {line.map(([cls, text], j) => (
                <span key={j} className={cls}>
                  {text}
                </span>
              ))}
            </div>
          ))}
        </code>
      </pre>
    </div>
  );
}
