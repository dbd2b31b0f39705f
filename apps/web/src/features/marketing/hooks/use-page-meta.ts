import { useEffect } from 'react';
import { useDocumentTitle } from '../../../hooks/use-document-title.ts';

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
