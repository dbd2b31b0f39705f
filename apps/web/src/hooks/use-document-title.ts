import { useEffect } from 'react';

const SUFFIX = 'Codewright';

/** Sets document.title for the current page: "<title> · Codewright", or the bare brand line for the home page. */
export function useDocumentTitle(title: string | null): void {
  useEffect(() => {
    document.title = title ? `${title} · ${SUFFIX}` : `${SUFFIX} — AI-powered code generation`;
  }, [title]);
}
