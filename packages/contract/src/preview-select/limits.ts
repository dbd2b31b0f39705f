/**
 * The scanner's limits, so that hostile code cannot make the element picker read for ever or
 * overflow the call stack: how deep braces and JSX may nest, and how much one scan may read.
 */

/** How deep braces and JSX may nest in one another before the scanner gives up on them. */
const MAX_NESTING = 500;
let nesting = 0;
/**
 * Characters the scanner may still read in this scan: a '<' that is not JSX after all is read
 * again as an operator, which on hostile input could take exponential time.
 */
let budget = Infinity;
const OUT_OF_BUDGET = new Error('The scan read too much.');

/** Counts `characters` read; past the budget, ends the scan (withinBudget catches it). */
export function spend(characters: number): void {
  budget -= characters;
  if (budget < 0) throw OUT_OF_BUDGET;
}

/** `scan()` with a reading budget for `code`, or null when the budget runs out. */
export function withinBudget<T>(code: string, scan: () => T): T | null {
  budget = 20 * code.length + 10_000;
  try {
    return scan();
  } catch (error) {
    if (error === OUT_OF_BUDGET) return null;
    throw error;
  } finally {
    budget = Infinity;
  }
}

/** `skip()`, or -1 when nested too deep for the call stack. */
export function nested(skip: () => number): number {
  if (nesting >= MAX_NESTING) return -1;
  nesting++;
  try {
    return skip();
  } finally {
    nesting--;
  }
}
