/** The part of a text that changed: `before.slice(start, end)` became `text`. */
export interface DifferingSpan {
  start: number;
  end: number;
  text: string;
}

/**
 * The smallest single span that turns `before` into `after`: what both share at the start and at
 * the end is left out. An outside change (a generation, an accepted edit, a restore) then goes into
 * the editor as an edit of just that span, so the cursor and the text around it stay put.
 * A surrogate pair is never split.
 */
export function differingSpan(before: string, after: string): DifferingSpan {
  const limit = Math.min(before.length, after.length);
  let start = 0;
  while (start < limit && before.charCodeAt(start) === after.charCodeAt(start)) start += 1;
  if (start > 0 && isHighSurrogate(before.charCodeAt(start - 1))) start -= 1;
  let tail = 0;
  while (
    tail < limit - start &&
    before.charCodeAt(before.length - 1 - tail) === after.charCodeAt(after.length - 1 - tail)
  )
    tail += 1;
  if (tail > 0 && isLowSurrogate(before.charCodeAt(before.length - tail))) tail -= 1;
  return {
    start,
    end: before.length - tail,
    text: after.slice(start, after.length - tail),
  };
}

const isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff;
const isLowSurrogate = (code: number) => code >= 0xdc00 && code <= 0xdfff;
