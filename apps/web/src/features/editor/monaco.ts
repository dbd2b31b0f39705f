/**
 * Monaco, bundled from npm (DESIGN §3.7): no CDN, so it works offline and under the app's CSP
 * (script-src 'self'; worker-src 'self' blob:). Only this module imports `monaco-editor`, and
 * only `code-editor.tsx` imports this module, through a dynamic import — so the editor is its
 * own chunk, fetched on /generator and never on marketing pages.
 */
import * as monaco from 'monaco-editor';
import { EDITOR_OPTIONS } from '@codewright/contract';
import EditorWorker from 'monaco-editor/editor/editor.worker?worker';
import TsWorker from 'monaco-editor/languages/features/typescript/ts.worker?worker';
import JsonWorker from 'monaco-editor/languages/features/json/json.worker?worker';
import CssWorker from 'monaco-editor/languages/features/css/css.worker?worker';
import HtmlWorker from 'monaco-editor/languages/features/html/html.worker?worker';

self.MonacoEnvironment = {
  getWorker(_workerId: string, label: string): Worker {
    if (label === 'typescript' || label === 'javascript') return new TsWorker();
    if (label === 'json') return new JsonWorker();
    if (label === 'css' || label === 'scss' || label === 'less') return new CssWorker();
    if (label === 'html' || label === 'handlebars' || label === 'razor') return new HtmlWorker();
    return new EditorWorker();
  },
};

/**
 * The editor's theme: vs-dark (SPEC §9 "dark theme") at WCAG AA contrast (axe: color-contrast,
 * e2e/accessibility.spec.ts) — also on the diff editor's changed lines (docs/decisions/022).
 * Monaco's diff fills (20 % green or red, twice over on changed text) put comments at 2.3:1, so
 * the fills are 8 % each, with a border on changed text to keep it visible, and the four vs-dark
 * colours that still fell short on them are a little brighter: every token is ≥ 4.6:1 on
 * #1E1E1E and on both fills.
 */
monaco.editor.defineTheme('codewright-dark', {
  base: EDITOR_OPTIONS.theme,
  inherit: true,
  rules: [
    { token: 'comment', foreground: '78AD60' },
    { token: 'keyword', foreground: '5AA4E1' },
    { token: 'keyword.flow', foreground: 'C989C4' },
    { token: 'regexp', foreground: 'F27A7A' },
  ],
  colors: {
    'diffEditor.insertedLineBackground': '#9bb95514',
    'diffEditor.insertedTextBackground': '#9ccc2c14',
    'diffEditor.removedLineBackground': '#ff000014',
    'diffEditor.removedTextBackground': '#ff000014',
    'diffEditor.insertedTextBorder': '#9ccc2c99',
    'diffEditor.removedTextBorder': '#ff6b6b99',
  },
});

export { monaco };
