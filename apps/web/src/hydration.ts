/**
 * Whether the renders under way must match the HTML that scripts/prerender.mjs wrote at build
 * time: true during that build-time render, and in the browser from the start of hydration until
 * React has taken the page over (main.tsx). Values only the browser knows start from their
 * build-time stand-ins while it is true, and are applied afterwards as a transition — never as a
 * synchronous update, which would make React hydrate the rest of the page in one long task.
 */
let overBuildTimeHtml = false;

export function startHydration(): void {
  overBuildTimeHtml = true;
}

export function endHydration(): void {
  overBuildTimeHtml = false;
}

export function isHydrating(): boolean {
  return overBuildTimeHtml;
}
