/**
 * Select in the preview (issue 53): the user clicks an element in the live preview of React/TSX
 * or HTML code, the frame reports where its opening tag is written, and the app finds that
 * element's extent in the source and makes the quick edits (its text, its class list) without a
 * model. A small hand-written scanner starts at the tag's '<'; the file is never parsed whole.
 */
export { annotateHtml } from './annotate-html.ts';
export { readableText, withElementClasses, withElementText } from './edits.ts';
export { elementAt } from './element.ts';
export { parseSourceSpot } from './source-spot.ts';
export type { ElementSource, MarkupKind } from './types.ts';
