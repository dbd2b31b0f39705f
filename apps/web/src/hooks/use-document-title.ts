import { useEffect } from 'react';

const SUFFIX = 'Codewright';

/** "<title> · Codewright", or the bare brand line for the home page. */
export function documentTitle(title: string | null): string {
  return title ? `${title} · ${SUFFIX}` : `${SUFFIX} — AI-powered code generation`;
}

/** Sets document.title for the current page. */
export function useDocumentTitle(title: string | null): void {
  useEffect(() => {
    document.title = documentTitle(title);
  }, [title]);
}
