/**
 * HTML mode: the page (a whole document or a fragment) replaces the frame's own document,
 * with loop guards in its inline scripts and Tailwind from our origin where it asked for a
 * CDN. Its scripts run under the frame's CSP: inline allowed, nothing from other hosts.
 */
import { guardHtmlScripts } from './html-scripts.ts';
import type { RunContext } from './run-context.ts';
import { nextPaint } from './run-module.ts';
import { shiftsByLine, SourcePositions } from './source-positions.ts';
import { withVendoredTailwind } from './tailwind.ts';

/** Longest wait for the page's load event (an image that never arrives). */
const LOAD_WAIT_MS = 5_000;

/** Writes the page into the frame; resolves once it has loaded and painted. */
export async function runHtml(code: string, ctx: RunContext): Promise<void> {
  ctx.status('running');
  const { html, errors, inserted, scripts } = guardHtmlScripts(code);
  if (errors.length > 0) {
    for (const e of errors) ctx.problem('compile', e.message, e.line, e.column);
    return;
  }
  ctx.setPositions(new SourcePositions(scripts, null, shiftsByLine(code, inserted)));
  const page = withVendoredTailwind(html, new URL(ctx.config.tailwind, location.href).href);
  document.open();
  // document.open() removed every listener of the window; put ours back before any script runs.
  ctx.reinstallListeners();
  const loaded = new Promise<void>((resolve) => {
    window.addEventListener('load', () => resolve(), { once: true });
    setTimeout(resolve, LOAD_WAIT_MS);
  });
  document.write(page);
  document.close();
  await loaded;
  await nextPaint();
}
