/**
 * The JSX runtime the preview's code calls (issue 53): the frame's import map serves this module
 * for `react/jsx-dev-runtime`, which the server's build (jsxDev) imports. Each element of a
 * host tag (`<button>`, `<h1>`) gets `data-cw-src="file:line:column"`, the place of its JSX in
 * the user's files, so select mode can tell what was clicked; then React's own jsx or jsxs
 * makes the element as usual. Components (`<Counter />`) get nothing: their own host elements
 * carry where they were written.
 */
import { Fragment, jsx, jsxs } from 'react/jsx-runtime';
import type { ElementType } from 'react';
import { SOURCE_ATTRIBUTE } from './protocol.ts';

/** What esbuild's jsxDev passes as the element's source. */
interface JsxSource {
  fileName?: unknown;
  lineNumber?: unknown;
  columnNumber?: unknown;
}

function spotOf(source: JsxSource | undefined): string | null {
  if (!source || typeof source.fileName !== 'string') return null;
  if (typeof source.lineNumber !== 'number' || typeof source.columnNumber !== 'number') return null;
  return `${source.fileName}:${source.lineNumber}:${source.columnNumber}`;
}

export { Fragment };

export function jsxDEV(
  type: ElementType,
  props: Record<string, unknown>,
  key: string | undefined,
  isStaticChildren: boolean,
  source?: JsxSource,
) {
  const spot = typeof type === 'string' ? spotOf(source) : null;
  const tagged = spot ? { ...props, [SOURCE_ATTRIBUTE]: spot } : props;
  return isStaticChildren ? jsxs(type, tagged, key) : jsx(type, tagged, key);
}
