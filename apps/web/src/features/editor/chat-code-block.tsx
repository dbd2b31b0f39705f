import { useEffect, useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { CopyIcon } from '../../components/ui/copy-icon.tsx';
import { useCodeCopy } from '../../hooks/use-clipboard-copy.ts';
import { highlightCode, languageOfFence, type CodeToken, type TokenKind } from './highlight.ts';

const COLOURS: Record<TokenKind, string> = {
  keyword: 'text-violet-300',
  string: 'text-emerald-300',
  comment: 'text-zinc-400 italic',
  number: 'text-amber-300',
  type: 'text-cyan-200',
  plain: 'text-fg',
};

/** A code block of an answer: monospaced, highlighted (highlight.ts), with its own copy button. */
export function ChatCodeBlock({
  code,
  lang,
  highlight = true,
}: {
  code: string;
  lang: string;
  /** False while the answer streams: plain text until it ends (cheaper on every frame). */
  highlight?: boolean;
}) {
  const languageId = highlight ? languageOfFence(lang) : null;
  const [highlighted, setHighlighted] = useState<{ code: string; lines: CodeToken[][] } | null>(
    null,
  );
  const { copied, copyCode } = useCodeCopy();

  useEffect(() => {
    if (!languageId) return;
    let live = true;
    highlightCode(code, languageId).then(
      (lines) => live && setHighlighted({ code, lines }),
      () => undefined, // Plain text stays on screen.
    );
    return () => {
      live = false;
    };
  }, [code, languageId]);

  const label = lang.trim() || 'text';
  const lines = highlighted?.code === code ? highlighted.lines : null;
  return (
    <figure className="overflow-hidden rounded-lg border border-border bg-bg" data-code-block>
      <figcaption className="flex items-center justify-between gap-2 border-b border-border py-1 pr-1 pl-3">
        <span className="font-mono text-xs text-muted">{label}</span>
        <Button
          variant="ghost"
          size="sm"
          className="h-7 px-2 text-xs"
          onClick={() => void copyCode(code)}
          aria-label={copied ? 'Copied' : `Copy this ${label} code`}
        >
          <CopyIcon copied={copied} className="size-3.5" copiedClassName="text-emerald-300" />
          {copied ? 'Copied' : 'Copy'}
        </Button>
      </figcaption>
      <pre
        // Scrollable, so reachable by keyboard (axe: scrollable-region-focusable).
        tabIndex={0}
        aria-label={`${label} code`}
        className="max-h-72 overflow-auto px-3 py-2.5 font-mono text-[12.5px] leading-5 [tab-size:2] focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-accent"
      >
        <code>
          {lines
            ? lines.map((line, i) => (
                <span key={i}>
                  {line.map((token, j) => (
                    <span key={j} className={COLOURS[token.kind]}>
                      {token.text}
                    </span>
                  ))}
                  {i < lines.length - 1 ? '\n' : null}
                </span>
              ))
            : code}
        </code>
      </pre>
    </figure>
  );
}
