import { useMemo } from 'react';
import { highlight, type TokenKind } from './highlight.ts';

const COLOURS: Record<TokenKind, string> = {
  comment: 'text-zinc-400 italic',
  string: 'text-emerald-300',
  number: 'text-amber-300',
  keyword: 'text-violet-300',
  call: 'text-sky-300',
  type: 'text-cyan-200',
  plain: 'text-fg',
};

/** A read-only, highlighted code sample; the text stays selectable and is read as plain code. */
export function CodeBlock({
  code,
  language,
  label,
}: {
  code: string;
  language: string;
  label: string;
}) {
  const tokens = useMemo(() => highlight(code, language), [code, language]);
  return (
    <pre
      className="max-h-80 overflow-auto bg-bg/70 px-4 py-4 font-mono text-[12.5px] leading-6 [tab-size:2]"
      // Scrollable regions must be reachable by keyboard (axe: scrollable-region-focusable).
      tabIndex={0}
      aria-label={label}
    >
      <code>
        {tokens.map((token, i) => (
          <span key={i} className={COLOURS[token.kind]}>
            {token.text}
          </span>
        ))}
      </code>
    </pre>
  );
}
