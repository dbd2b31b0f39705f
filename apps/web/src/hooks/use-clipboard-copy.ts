import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { COPY_CONFIRM_MS, MESSAGES } from '@codewright/contract';

/**
 * Copies text to the clipboard and holds the "Copied" state a copy button shows: for
 * `confirmMs` after the copy, then it reverts, or until `reset()` when no time is given.
 * `copy` answers whether the browser let it: a refusal (permissions, an insecure origin) is the
 * caller's to explain, in its own words.
 */
export function useClipboardCopy(confirmMs?: number) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = useCallback(
    async (text: string): Promise<boolean> => {
      try {
        await navigator.clipboard.writeText(text);
      } catch (error) {
        console.error('Copy failed', error);
        return false;
      }
      setCopied(true);
      clearTimeout(timer.current);
      if (confirmMs !== undefined) timer.current = setTimeout(() => setCopied(false), confirmMs);
      return true;
    },
    [confirmMs],
  );
  const reset = useCallback(() => {
    clearTimeout(timer.current);
    setCopied(false);
  }, []);
  return { copied, copy, reset };
}

/** Copying code: "Copied" for COPY_CONFIRM_MS, and a toast either way. */
export function useCodeCopy() {
  const { copied, copy } = useClipboardCopy(COPY_CONFIRM_MS);
  const copyCode = useCallback(
    async (code: string) => {
      if (await copy(code)) toast.success(MESSAGES.codeCopied);
      else toast.error('Could not copy: the browser refused clipboard access');
    },
    [copy],
  );
  return { copied, copyCode };
}
