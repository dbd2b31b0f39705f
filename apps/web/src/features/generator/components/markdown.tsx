import { memo, useMemo, type ReactNode } from 'react';
import { Lexer, type Token, type Tokens } from 'marked';
import { ChatCodeBlock } from '../../editor/index.ts';

/**
 * An answer as Markdown (docs/decisions/013-generator-workspace.md). `marked` parses (GFM); this
 * file turns its tokens into React elements, so model output never reaches the page as HTML:
 * raw HTML shows as the text it is, links open only http(s) and mailto addresses in a new tab,
 * images show as links (nothing is fetched), and code blocks get highlighting and a copy button.
 * An unclosed code block (an answer still streaming) is a code block to the end, as CommonMark
 * reads it, so a raw fence never shows.
 */
export const Markdown = memo(function Markdown({
  text,
  streaming = false,
}: {
  text: string;
  /** Still arriving: code blocks wait with their highlighting until it ends. */
  streaming?: boolean;
}) {
  const tokens = useMemo(() => Lexer.lex(text, { gfm: true }), [text]);
  return (
    <div className="markdown space-y-2.5 break-words text-fg">{blocks(tokens, streaming)}</div>
  );
});

const ENTITIES: Readonly<Record<string, string>> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
  '&apos;': "'",
  '&nbsp;': '\u00a0',
};

/** Text as written: the few entities marked or the model may leave in it, decoded. */
function plain(text: string): string {
  return text.replace(/&(?:amp|lt|gt|quot|#39|apos|nbsp);/g, (e) => ENTITIES[e] ?? e);
}

/** A link target the chat may open: http(s) and mailto only. */
function safeHref(href: string): string | null {
  try {
    const url = new URL(href, 'https://invalid.invalid/');
    if (url.origin === 'https://invalid.invalid') return null;
    return ['http:', 'https:', 'mailto:'].includes(url.protocol) ? url.href : null;
  } catch {
    return null;
  }
}

function blocks(tokens: readonly Token[], streaming = false): ReactNode[] {
  return tokens.map((token, i) => block(token, i, streaming));
}

function block(token: Token, key: number, streaming = false): ReactNode {
  switch (token.type) {
    case 'space':
    case 'def':
      return null;
    case 'code': {
      const t = token as Tokens.Code;
      return <ChatCodeBlock key={key} code={t.text} lang={t.lang ?? ''} highlight={!streaming} />;
    }
    case 'heading': {
      const t = token as Tokens.Heading;
      return (
        <p
          key={key}
          role="heading"
          aria-level={Math.min(6, t.depth + 2)}
          className="pt-1 font-semibold text-fg"
        >
          {inline(t.tokens)}
        </p>
      );
    }
    case 'paragraph':
      return <p key={key}>{inline((token as Tokens.Paragraph).tokens)}</p>;
    case 'text': {
      const t = token as Tokens.Text;
      return <p key={key}>{t.tokens ? inline(t.tokens) : plain(t.text)}</p>;
    }
    case 'blockquote':
      return (
        <blockquote key={key} className="border-l-2 border-border-strong pl-3 text-muted">
          {blocks((token as Tokens.Blockquote).tokens)}
        </blockquote>
      );
    case 'list':
      return list(token as Tokens.List, key);
    case 'table':
      return table(token as Tokens.Table, key);
    case 'hr':
      return <hr key={key} className="border-border" />;
    case 'html':
      // Raw HTML is never rendered: it shows as the text it is.
      return (
        <p key={key} className="whitespace-pre-wrap">
          {(token as Tokens.HTML).raw}
        </p>
      );
    default:
      return <p key={key}>{plain(token.raw)}</p>;
  }
}

function list(t: Tokens.List, key: number): ReactNode {
  const items = t.items.map((item, i) => (
    <li key={i} className="pl-1">
      {item.task ? (
        <input
          type="checkbox"
          checked={Boolean(item.checked)}
          disabled
          aria-label={item.checked ? 'Done' : 'Not done'}
          className="mr-1.5 align-middle"
        />
      ) : null}
      {item.tokens.map((child, j) =>
        child.type === 'text' ? (
          <span key={j}>{inline((child as Tokens.Text).tokens ?? [child])}</span>
        ) : (
          block(child, j)
        ),
      )}
    </li>
  ));
  return t.ordered ? (
    <ol
      key={key}
      start={t.start === '' ? undefined : t.start}
      className="list-decimal space-y-1 pl-5"
    >
      {items}
    </ol>
  ) : (
    <ul key={key} className="list-disc space-y-1 pl-5">
      {items}
    </ul>
  );
}

function table(t: Tokens.Table, key: number): ReactNode {
  const align = (a: 'center' | 'left' | 'right' | null) => (a ? { textAlign: a } : undefined);
  return (
    <div key={key} className="overflow-x-auto" tabIndex={0} role="region" aria-label="Table">
      <table className="w-full border-collapse text-left text-xs">
        <thead>
          <tr>
            {t.header.map((cell, i) => (
              <th key={i} style={align(cell.align)} className="border-b border-border px-2 py-1.5">
                {inline(cell.tokens)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {t.rows.map((row, r) => (
            <tr key={r}>
              {row.map((cell, i) => (
                <td
                  key={i}
                  style={align(cell.align)}
                  className="border-b border-border px-2 py-1.5"
                >
                  {inline(cell.tokens)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function inline(tokens: readonly Token[]): ReactNode[] {
  return tokens.map((token, key) => {
    switch (token.type) {
      case 'text': {
        const t = token as Tokens.Text;
        return t.tokens ? <span key={key}>{inline(t.tokens)}</span> : plain(t.text);
      }
      case 'escape':
        return (token as Tokens.Escape).text;
      case 'strong':
        return <strong key={key}>{inline((token as Tokens.Strong).tokens)}</strong>;
      case 'em':
        return <em key={key}>{inline((token as Tokens.Em).tokens)}</em>;
      case 'del':
        return <del key={key}>{inline((token as Tokens.Del).tokens)}</del>;
      case 'codespan':
        return (
          <code
            key={key}
            className="rounded bg-white/[0.07] px-1 py-0.5 font-mono text-[0.85em] text-fg"
          >
            {plain((token as Tokens.Codespan).text)}
          </code>
        );
      case 'br':
        return <br key={key} />;
      case 'link':
      case 'image': {
        const t = token as Tokens.Link | Tokens.Image;
        const href = safeHref(t.href);
        const label = t.type === 'image' ? t.text || t.href : inline(t.tokens);
        if (!href) return <span key={key}>{label}</span>;
        return (
          <a
            key={key}
            href={href}
            target="_blank"
            rel="noopener noreferrer nofollow"
            className="text-accent-hover underline underline-offset-2 hover:text-fg"
          >
            {label}
          </a>
        );
      }
      case 'html':
        return (token as Tokens.Tag).raw;
      default:
        return plain(token.raw);
    }
  });
}
