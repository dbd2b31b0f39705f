/**
 * axe-core (through @axe-core/playwright) as every spec runs it: axe's WCAG 2.0/2.1 A and AA sets
 * plus its best practices; any violation of impact "serious" or "critical" fails, listed with the
 * elements it was found on.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * Waits for the page's finite animations and transitions (a toast fading in or out) to end: axe
 * reads colours as painted, and a half-faded toast is not what a reader sees once it settles.
 * Endless ones (spinners) are not waited for.
 */
async function settleAnimations(page: Page) {
  await page.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
          .map((a) => a.finished.catch(() => undefined)),
      ),
      new Promise((resolve) => setTimeout(resolve, 3_000)),
    ]),
  );
}

/** Runs axe on the page as it is and fails on serious or critical violations, naming them. */
export async function expectNoSeriousViolations(page: Page, what: string) {
  await settleAnimations(page);
  const builder = new AxeBuilder({ page }).withTags([
    'wcag2a',
    'wcag2aa',
    'wcag21a',
    'wcag21aa',
    'best-practice',
  ]);
  // A page without frames gets the same results from axe.run in the page ("legacy mode") as from
  // the per-frame run, whose last step opens a new blank page in the context: about twice as slow.
  // A page with a frame (the preview's, at an opaque origin) keeps the per-frame run, which
  // reaches into cross-origin frames.
  const hasFrames = await page.evaluate(() => document.querySelector('iframe, frame') !== null);
  const results = await builder.setLegacyMode(!hasFrames).analyze();
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} — ${v.nodes
          .slice(0, 5)
          .map((n) => n.target.join(' '))
          .join(' | ')} — ${v.nodes[0]?.failureSummary?.replace(/\s+/g, ' ') ?? ''}`,
    );
  expect(serious, `axe on ${what}`).toEqual([]);
}
