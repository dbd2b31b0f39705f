/**
 * Where toasts may start from the top of the viewport (SPEC §2.1: top right). A screen whose
 * controls sit at the top right (the generator's header actions) sets the clearance below them,
 * so a toast never covers a control it could hide; `null` is the default spot below the site
 * header. A tiny external store: the toaster subscribes, screens set and reset it.
 */
let clearance: number | null = null;
const listeners = new Set<() => void>();

/** Sets the top offset (px from the viewport's top) for toasts; null restores the default. */
export function setToastClearance(top: number | null): void {
  if (top === clearance) return;
  clearance = top;
  for (const listener of listeners) listener();
}

/** The current top offset, or null for the default. */
export function getToastClearance(): number | null {
  return clearance;
}

/** Calls `listener` whenever the clearance changes; returns the unsubscribe function. */
export function subscribeToastClearance(listener: () => void): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}
