import { createContext, useContext, useEffect } from 'react';
import { documentTitle, useDocumentTitle } from '../../../hooks/use-document-title.ts';

export interface PageMeta {
  title: string;
  description: string;
}

/**
 * Receives each page's title and description while it renders at build time (src/prerender.tsx),
 * where effects never run. Absent in the browser.
 */
const PageMetaContext = createContext<((meta: PageMeta) => void) | null>(null);
export const PageMetaCollector = PageMetaContext.Provider;

/** The description index.html ships with; restored when a page with its own leaves. */
let defaultDescription: string | null = null;

function descriptionTag(): HTMLMetaElement {
  let tag = document.querySelector<HTMLMetaElement>('meta[name="description"]');
  if (!tag) {
    tag = document.createElement('meta');
    tag.name = 'description';
    document.head.append(tag);
  }
  return tag;
}

/** Sets the page's document.title (via useDocumentTitle) and its meta description. */
export function usePageMeta(title: string | null, description: string): void {
  useContext(PageMetaContext)?.({ title: documentTitle(title), description });
  useDocumentTitle(title);
  useEffect(() => {
    const tag = descriptionTag();
    defaultDescription ??= tag.content;
    tag.content = description;
    return () => {
      if (defaultDescription !== null) tag.content = defaultDescription;
    };
  }, [description]);
}
