import { useEffect, useRef, useState } from 'react';
import { Check, Copy, Download } from 'lucide-react';
import { COPY_CONFIRM_MS, LANGUAGES, MESSAGES, extensionFor } from '@codewright/contract';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button.tsx';
import { CodeEditor } from '../../editor/code-editor.tsx';

export interface EditorPanelProps {
  code: string;
  language: string;
  onChange: (code: string) => void;
}

/** Monaco language id of a language label ("C#" → "csharp"); plaintext when unknown. */
export function monacoLanguage(label: string): string {
  return LANGUAGES.find((l) => l.label === label || l.id === label)?.id ?? 'plaintext';
}

/** "Code Editor" (SPEC §2.12, §4.4, §8.2): language badge, copy (check for 2 s), download. */
export function EditorPanel({ code, language, onChange }: EditorPanelProps) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(code);
      setCopied(true);
      toast.success(MESSAGES.codeCopied);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setCopied(false), COPY_CONFIRM_MS);
    } catch (error) {
      console.error('Copy failed', error);
      toast.error('Could not copy: the browser refused clipboard access');
    }
  };

  const download = () => {
    const url = URL.createObjectURL(new Blob([code], { type: 'text/plain;charset=utf-8' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = `code.${extensionFor(language)}`;
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1_000);
    toast.success(MESSAGES.codeDownloaded);
  };

  return (
    <section
      aria-labelledby="editor-title"
      className="flex min-w-0 flex-col overflow-hidden rounded-2xl border border-border bg-surface"
      data-code={code}
      data-testid="editor-panel"
    >
      <div className="flex items-center gap-2 border-b border-border px-4 py-2.5">
        <h2 id="editor-title" className="text-sm font-semibold text-fg">
          Code Editor
        </h2>
        <span
          className="rounded-md bg-white/5 px-2 py-0.5 text-xs text-muted"
          data-testid="editor-language"
        >
          {language}
        </span>
        <div className="ml-auto flex items-center gap-1">
          <Button
            variant="ghost"
            size="icon"
            onClick={() => void copy()}
            disabled={!code}
            aria-label={copied ? 'Copied' : 'Copy code'}
            title="Copy code"
          >
            {copied ? (
              <Check className="size-4 text-emerald-300" aria-hidden="true" />
            ) : (
              <Copy className="size-4" aria-hidden="true" />
            )}
          </Button>
          <Button
            variant="ghost"
            size="icon"
            onClick={download}
            disabled={!code}
            aria-label="Download code"
            title={`Download code.${extensionFor(language)}`}
          >
            <Download className="size-4" aria-hidden="true" />
          </Button>
        </div>
      </div>
      <CodeEditor
        value={code}
        language={monacoLanguage(language)}
        onChange={onChange}
        ariaLabel={`${language} code editor`}
        className="relative h-[24rem] shrink-0 bg-[#1e1e1e] sm:h-[28rem] lg:h-auto lg:min-h-[36rem] lg:flex-1"
      />
    </section>
  );
}
