/**
 * Tailwind in the sandbox: its browser build, vendored on our origin (@tailwindcss/browser
 * watches the page and writes the CSS of the classes it finds). An HTML page that asks for
 * Tailwind from a CDN gets ours instead; the CDN itself is never reached (CSP).
 */

let loading: Promise<void> | null = null;

/** Loads Tailwind's browser build once per frame. */
export function loadTailwind(url: string): Promise<void> {
  return (loading ??= new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = url;
    script.onload = () => resolve();
    script.onerror = () => reject(new Error('Tailwind CSS did not load from the app'));
    document.head.append(script);
  }));
}

const CDN_TAILWIND =
  /<script\b[^>]*?\bsrc\s*=\s*["'](?:https?:)?\/\/(?:cdn\.tailwindcss\.com|(?:cdn\.jsdelivr\.net\/npm|unpkg\.com)\/@tailwindcss\/browser)[^"']*["'][^>]*>\s*<\/script\s*>/gi;

/** The page with CDN Tailwind scripts pointing at ours; lines stay where they were. */
export function withVendoredTailwind(html: string, url: string): string {
  return html.replace(CDN_TAILWIND, (tag) => {
    const newlines = tag.split('\n').length - 1;
    return `<script src="${url}"></script>${'\n'.repeat(newlines)}`;
  });
}
