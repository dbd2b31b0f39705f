/**
 * The iframe of one sandbox run (frame-host.ts; DESIGN §3.12, docs/decisions/020): made with
 * `sandbox="allow-scripts allow-forms"` (no allow-same-origin), no referrer and no features.
 */
import {
  PREVIEW_MESSAGE_TAG,
  type RunMessage,
  type RunMode,
  type SelectModeMessage,
} from './sandbox/protocol.ts';

const SANDBOX = 'allow-scripts allow-forms';

export interface LiveFrame {
  element: HTMLIFrameElement;
  mode: RunMode;
  ready: boolean;
  /** The run sent once the frame says hello. */
  pending: RunMessage | null;
  createdAt: number;
  lastPong: number;
  /** Between the frame's "loading-python" and its "running": Pyodide starts, no user code runs. */
  loadingPython: boolean;
}

/** A spare waits out of sight, out of the tab order and of the accessibility tree. */
export function setHidden(element: HTMLIFrameElement, hidden: boolean): void {
  element.style.visibility = hidden ? 'hidden' : '';
  element.tabIndex = hidden ? -1 : 0;
  if (hidden) element.setAttribute('aria-hidden', 'true');
  else element.removeAttribute('aria-hidden');
}

/** A new frame of `frameUrl` in `container`, loading; hidden while it waits as a spare. */
export function createLiveFrame(
  container: HTMLElement,
  frameUrl: string,
  options: { mode: RunMode; pending: RunMessage | null; hidden: boolean },
): LiveFrame {
  const element = document.createElement('iframe');
  element.setAttribute('sandbox', SANDBOX);
  element.setAttribute('title', 'Preview of your code');
  element.setAttribute('referrerpolicy', 'no-referrer');
  element.setAttribute('allow', '');
  element.className = 'absolute inset-0 h-full w-full border-0 bg-white';
  if (options.hidden) setHidden(element, true);
  element.src = frameUrl;
  const now = performance.now();
  container.append(element);
  return {
    element,
    mode: options.mode,
    ready: false,
    pending: options.pending,
    createdAt: now,
    lastPong: now,
    loadingPython: false,
  };
}

export const selectModeMessage = (on: boolean): SelectModeMessage => ({
  tag: PREVIEW_MESSAGE_TAG,
  type: 'select-mode',
  on,
});
