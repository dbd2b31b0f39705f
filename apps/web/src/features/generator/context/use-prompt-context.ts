import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { toast } from 'sonner';
import {
  CONTEXT_ITEMS_MAX,
  fitContext,
  keepContextText,
  type PromptContextItem,
} from '@codewright/contract';
import { client } from '../../../sdk.ts';
import { failureMessage } from './media-errors.ts';

/** A context item in the composer: a removable chip. */
export interface ContextChip extends PromptContextItem {
  id: string;
  /** True when the budget shortens its text in the call. */
  cut: boolean;
}

let nextId = 0;

const titleOfUrl = (url: string) => {
  try {
    const u = new URL(url);
    return `${u.hostname}${u.pathname === '/' ? '' : u.pathname}`;
  } catch {
    return url;
  }
};

/**
 * The context that travels with the prompt (docs/decisions/024): web pages scraped to Markdown,
 * documents read by extract-from-blob, image assets. Items stay attached to the following
 * prompts until removed; the call carries them under the context budget (`fitContext`).
 */
export function usePromptContext() {
  const [items, setItems] = useState<(PromptContextItem & { id: string })[]>([]);
  const [busy, setBusy] = useState<'web' | 'document' | null>(null);
  const latest = useRef(items);
  useEffect(() => {
    latest.current = items;
  });

  const full = () => {
    if (latest.current.length < CONTEXT_ITEMS_MAX) return false;
    toast.error(`At most ${CONTEXT_ITEMS_MAX} context items`, {
      description: 'Remove one of the chips above the prompt first.',
    });
    return true;
  };
  // A chip keeps only the text a call can send (keepContextText), so a draft can keep it too.
  const add = useCallback((item: PromptContextItem) => {
    const id = `ctx-${++nextId}`;
    setItems((list) => [...list, { ...item, text: keepContextText(item.text), id }]);
  }, []);

  /** Scrapes a page and adds its Markdown; resolves to an error message, or null when added. */
  const addUrl = useCallback(
    async (url: string): Promise<string | null> => {
      if (full()) return `Remove a chip first: at most ${CONTEXT_ITEMS_MAX} context items.`;
      setBusy('web');
      try {
        const page = await client.data.scrape({ url });
        if (!page.markdown.trim()) return 'That page has no readable text. Try another address.';
        add({
          kind: 'web',
          title: page.metadata.title?.trim() || titleOfUrl(page.url),
          source: page.url,
          text: page.markdown,
        });
        return null;
      } catch (error) {
        console.error('Scrape failed', error);
        return failureMessage(
          error,
          'The page could not be read. Check the address and try again.',
        );
      } finally {
        setBusy(null);
      }
    },
    [add],
  );

  /** Reads a document's text and adds it; resolves to an error message, or null when added. */
  const addDocument = useCallback(
    async (file: File): Promise<string | null> => {
      if (full()) return `Remove a chip first: at most ${CONTEXT_ITEMS_MAX} context items.`;
      setBusy('document');
      try {
        const doc = await client.data.extractFromBlob(file);
        if (!doc.text.trim()) return `"${file.name}" has no text we can read.`;
        add({ kind: 'document', title: file.name, source: file.name, text: doc.text });
        return null;
      } catch (error) {
        console.error('Extract failed', error);
        return failureMessage(
          error,
          `"${file.name}" could not be read. Try a PDF, Markdown or text file.`,
        );
      } finally {
        setBusy(null);
      }
    },
    [add],
  );

  /** Adds an image asset: the model gets its URL, to put where the code needs it. */
  const addImage = useCallback(
    (asset: { prompt: string; publicUrl: string; mimeType: string }) => {
      if (full()) return false;
      add({
        kind: 'image',
        title: asset.prompt,
        source: asset.publicUrl,
        text: `An image asset (${asset.mimeType}) made for this code, described as "${asset.prompt.replace(/\s+/g, ' ').trim()}". Its URL is ${asset.publicUrl} — use exactly this URL where the code needs this image.`,
      });
      return true;
    },
    [add],
  );

  const remove = useCallback((id: string) => {
    setItems((list) => list.filter((item) => item.id !== id));
  }, []);

  const { chips, tokens } = useMemo(() => {
    const fitted = fitContext(items);
    const list: ContextChip[] = items.map((item, i) => ({ ...item, cut: fitted[i]?.cut ?? false }));
    // The items' share of the budget (the framing lines are not counted).
    const chars = fitted.reduce((n, f) => n + f.text.length, 0);
    return { chips: list, tokens: Math.ceil(chars / 4) };
  }, [items]);

  /** The items without their ids (what a draft keeps). */
  const kept = useMemo(() => items.map(({ id: _id, ...item }) => item), [items]);

  return {
    chips,
    kept,
    /** Puts back the chips of a restored draft, in place of the current ones. */
    restore: useCallback((list: readonly PromptContextItem[]) => {
      setItems(
        list
          .slice(0, CONTEXT_ITEMS_MAX)
          .map((item) => ({ ...item, text: keepContextText(item.text), id: `ctx-${++nextId}` })),
      );
    }, []),
    /** The items a send carries now (read when the send starts). */
    read: useCallback((): PromptContextItem[] => latest.current, []),
    tokens,
    busy,
    addUrl,
    addDocument,
    addImage,
    remove,
  };
}

export type PromptContext = ReturnType<typeof usePromptContext>;
