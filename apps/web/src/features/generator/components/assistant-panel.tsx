import { useId, useRef, type KeyboardEvent, type ReactNode, type RefObject } from 'react';
import { Loader2, Paperclip, Send, Sparkles, Square } from 'lucide-react';
import { MESSAGES } from '@codewright/contract';
import { Button } from '../../../components/ui/button.tsx';
import { UPLOAD_ACCEPT } from '../upload.ts';
import { HiddenFileInput } from './hidden-file-input.tsx';

const TIPS = [
  'Be specific about inputs, outputs and edge cases',
  'With code in the editor, describe a change to edit it',
  'Upload a code file to work on it, or an image to build from',
  'Roll back to any earlier answer from the chat',
];

export interface AssistantPanelProps {
  prompt: string;
  onPromptChange: (value: string) => void;
  onSend: () => void;
  onStop: () => void;
  onUpload: (file: File) => void;
  generating: boolean;
  uploading: boolean;
  /** True when the editor holds code: the next send is an edit. */
  editing: boolean;
  /** The prompt box, for those who put text in it (suggested follow-ups). */
  promptRef?: RefObject<HTMLTextAreaElement | null>;
  /** What goes with the prompt, above the box: the context chips (features/generator/context). */
  attachments?: ReactNode;
  /** More buttons beside Upload: add context, image asset, speak (features/generator/context). */
  tools?: ReactNode;
  /** The upload input's `accept` (default: code files and images, SPEC §5). */
  uploadAccept?: string;
  /** What Upload takes, for its label (default: "a code file or image"). */
  uploadWhat?: string;
}

/**
 * "AI Assistant" (SPEC §2.12, §4.4): prompt box, upload, Generate Code / Stop, tips. The composer
 * is pinned at the bottom of the chat column; the tips fold away so it stays compact.
 */
export function AssistantPanel({
  prompt,
  onPromptChange,
  onSend,
  onStop,
  onUpload,
  generating,
  uploading,
  editing,
  promptRef,
  attachments,
  tools,
  uploadAccept = UPLOAD_ACCEPT,
  uploadWhat = 'a code file or image',
}: AssistantPanelProps) {
  const fileRef = useRef<HTMLInputElement>(null);
  const promptId = useId();
  const hintId = useId();

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      onSend();
    }
  };

  return (
    <section
      aria-labelledby="assistant-title"
      className="min-w-0 shrink-0 rounded-2xl border border-border bg-surface p-3"
      data-testid="composer"
    >
      <h2 id="assistant-title" className="flex items-center gap-2 text-sm font-semibold text-fg">
        <Sparkles className="size-4 text-accent-hover" aria-hidden="true" />
        AI Assistant
        <span className="ml-auto rounded-md bg-white/5 px-2 py-0.5 text-xs font-normal text-muted">
          {editing ? 'Next: edit' : 'Next: generation'}
        </span>
      </h2>
      {attachments}
      <label htmlFor={promptId} className="sr-only">
        Describe what you want to build
      </label>
      <textarea
        ref={promptRef}
        id={promptId}
        value={prompt}
        onChange={(e) => onPromptChange(e.target.value)}
        onKeyDown={onKeyDown}
        disabled={generating}
        rows={3}
        aria-describedby={hintId}
        placeholder={
          editing
            ? 'Describe a change, e.g. "add input validation"'
            : 'Describe what you want to build, e.g. "a debounce function with tests"'
        }
        className="mt-2 block max-h-48 min-h-[4.5rem] w-full resize-y rounded-xl border border-border-strong bg-bg/60 px-3.5 py-3 text-sm text-fg placeholder:text-subtle focus-visible:border-accent focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-accent/40 disabled:opacity-60"
      />
      <p id={hintId} className="mt-1 text-xs text-muted">
        {MESSAGES.promptHint}
      </p>
      <HiddenFileInput
        ref={fileRef}
        accept={uploadAccept}
        testId="upload-input"
        onFile={onUpload}
      />
      {/* Wraps: on a narrow column Generate Code takes its own row below the tools. */}
      <div className="mt-2 flex flex-wrap gap-2">
        <Button
          variant="outline"
          onClick={() => fileRef.current?.click()}
          disabled={generating || uploading}
          aria-label={`Upload ${uploadWhat}`}
          title={`Upload ${uploadWhat}`}
        >
          {uploading ? (
            <Loader2 className="size-4 animate-spin" aria-hidden="true" />
          ) : (
            <Paperclip className="size-4" aria-hidden="true" />
          )}
          <span className="hidden sm:inline">Upload</span>
        </Button>
        {tools}
        <Button className="min-w-[9.5rem] flex-1" onClick={onSend} disabled={generating}>
          {generating ? (
            <>
              <Loader2 className="size-4 animate-spin" aria-hidden="true" />
              Generating...
            </>
          ) : (
            <>
              <Send className="size-4" aria-hidden="true" />
              Generate Code
            </>
          )}
        </Button>
        {generating ? (
          <Button variant="outline" onClick={onStop} aria-label="Stop generating">
            <Square className="size-3.5 fill-current" aria-hidden="true" />
            Stop
          </Button>
        ) : null}
      </div>
      <details className="group mt-2 text-xs">
        <summary className="cursor-pointer list-none rounded text-muted select-none hover:text-fg [&::-webkit-details-marker]:hidden">
          <span
            aria-hidden="true"
            className="mr-1 inline-block transition-transform group-open:rotate-90"
          >
            ›
          </span>
          Tips
        </summary>
        <ul className="mt-2 space-y-1.5 text-muted">
          {TIPS.map((tip) => (
            <li key={tip} className="flex gap-2">
              <span
                className="mt-1.5 size-1 shrink-0 rounded-full bg-accent-hover"
                aria-hidden="true"
              />
              {tip}
            </li>
          ))}
        </ul>
      </details>
    </section>
  );
}
