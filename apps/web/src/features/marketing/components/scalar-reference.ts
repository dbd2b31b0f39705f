import './schema-jit-off.ts';
import '@scalar/api-reference/style.css';
import './scalar-reference.css';

/**
 * Scalar's settings for our pages (docs/decisions/051): it renders the document it is given and
 * calls no one. Every feature that would reach another host, or needs what the CSP forbids, is off.
 */
const OFFLINE_SETTINGS = {
  // Our own colours (scalar-reference.css) over Scalar's basic theme; the site is dark only.
  theme: 'none',
  forceDarkModeState: 'dark',
  hideDarkModeToggle: true,
  // Its default fonts come from fonts.scalar.com: the system font stack instead.
  withDefaultFonts: false,
  telemetry: false,
  // Agent Scalar and MCP talk to scalar.com; the agent turns itself on for localhost.
  agent: { disabled: true },
  mcp: { disabled: true },
  // The API client ("Test Request") sends requests from the page, and offers proxy.scalar.com.
  hideClientButton: true,
  hideTestRequestButton: true,
  showDeveloperTools: 'never',
  showToolbar: 'never',
  // The page links the JSON itself; Scalar's download would rebuild it from its store.
  documentDownloadType: 'none',
  // Sections are reached by scrolling: Scalar leaves the page's address (and its #api) alone.
  urlRouting: false,
} as const;

/** Mounts the reference of `document` into `element`; returns the function that unmounts it. */
export type MountApiReference = (element: HTMLElement, document: object) => () => void;

/**
 * Loads Scalar and returns the function that mounts it into an element, which must be empty
 * (Scalar hydrates a non-empty one). Scalar is imported here, not at the top: its chunks build zod
 * schemas as they load, and zod's JIT must be off by then (schema-jit-off.ts, run first).
 */
export async function loadApiReference(): Promise<MountApiReference> {
  const { createApiReference } = await import('@scalar/api-reference');
  return (element, document) => {
    const reference = createApiReference(element, { ...OFFLINE_SETTINGS, content: document });
    return () => reference.destroy();
  };
}
