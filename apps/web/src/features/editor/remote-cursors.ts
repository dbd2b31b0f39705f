/**
 * The look of teammates' cursors and selections in a shared file (docs/decisions/050): y-monaco
 * marks them with the classes `yRemoteSelection-<client>` and `yRemoteSelectionHead-<client>`;
 * this writes one style sheet that gives each its member's colour, and their name on hover over
 * the cursor. Names and colours come from other members' awareness: a colour must be a hex
 * colour and a name is written as a CSS string, so neither can add rules of its own.
 */
import type { Awareness } from 'y-protocols/awareness';

const HEX = /^#[0-9a-f]{6}$/i;
const NAME_MAX = 60;

/** A CSS string of `text` (quotes, backslashes and line breaks escaped). */
export function cssString(text: string): string {
  const clean = [...text]
    .slice(0, NAME_MAX)
    .map((ch) => (ch < ' ' || ch === '\u007f' ? ' ' : ch === '\\' || ch === '"' ? `\\${ch}` : ch))
    .join('');
  return `"${clean}"`;
}

/** The rules of one remote member's cursor and selection. */
export function cursorRules(clientId: number, name: string, color: string): string {
  if (!Number.isSafeInteger(clientId) || !HEX.test(color)) return '';
  const head = `.yRemoteSelectionHead-${clientId}`;
  return [
    `.yRemoteSelection-${clientId} { background-color: ${color}40; }`,
    `${head} { position: absolute; height: 100%; border-left: 2px solid ${color}; box-sizing: border-box; }`,
    // A wider hit area than the 2 px line, so the name shows when the pointer is near it.
    `${head}::before { content: ''; position: absolute; left: -5px; width: 10px; top: 0; bottom: 0; }`,
    `${head}::after { content: ${cssString(name)}; position: absolute; left: -2px; top: -1.35em;`,
    `  padding: 0 4px; border-radius: 3px; background: ${color}; color: #0b0b0f; font-size: 11px;`,
    `  line-height: 1.35em; white-space: nowrap; pointer-events: none; opacity: 0; z-index: 10; }`,
    `${head}:hover::after { opacity: 1; }`,
  ].join('\n');
}

/** Keeps a style sheet of the remote members' colours while `awareness` lives; returns the stop. */
export function showRemoteCursors(awareness: Awareness, host: HTMLElement): () => void {
  const style = document.createElement('style');
  style.dataset.remoteCursors = '';
  host.append(style);
  const render = () => {
    const rules: string[] = [];
    awareness.getStates().forEach((state, clientId) => {
      if (clientId === awareness.clientID) return;
      const user = (state as { user?: { name?: unknown; color?: unknown } }).user;
      if (typeof user?.name === 'string' && typeof user.color === 'string')
        rules.push(cursorRules(clientId, user.name, user.color));
    });
    style.textContent = rules.join('\n');
  };
  render();
  awareness.on('change', render);
  return () => {
    awareness.off('change', render);
    style.remove();
  };
}
