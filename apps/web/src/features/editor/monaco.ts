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
import {
  CodeActionAdaptor,
  DiagnosticsAdapter,
  DocumentHighlightAdapter,
  LibFiles,
  OutlineAdapter,
} from 'monaco-editor/languages/features/typescript/languageFeatures';

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
 * The JavaScript and TypeScript language service runs in a worker that loads and compiles
 * TypeScript's own library files: over a quarter of the CPU an opening of the generator took,
 * spent before anyone asked for it (its checks, quick fixes and highlights call it as soon as a
 * model is shown; sticky scroll asks for its outline). Those start when the user first focuses
 * the editor to write (`startLanguageChecks`): a project shown, streamed or reviewed needs none,
 * a phone is spared the work, and the preview still marks its own errors on their lines. Hovers
 * and completions start it when asked for.
 *
 * Monaco registers a language's features once, from `modeConfiguration`, when its first model
 * appears; the features held back here are registered later with Monaco's own adapters (its
 * `languageFeatures` module, typed in monaco-typescript-features.d.ts).
 */
for (const defaults of [
  monaco.typescript.javascriptDefaults,
  monaco.typescript.typescriptDefaults,
]) {
  // Checked only while shown in an editor (never the History panel's kept models).
  defaults.setDiagnosticsOptions({ ...defaults.getDiagnosticsOptions(), onlyVisible: true });
  // A project's files are models by path (file:///src/App.tsx): imports between them resolve as
  // a bundler resolves them — `./format` finds format.ts — and JSX is allowed (issue 45).
  defaults.setCompilerOptions({
    ...defaults.getCompilerOptions(),
    moduleResolution: monaco.typescript.ModuleResolutionKind.NodeJs,
    jsx: monaco.typescript.JsxEmit.Preserve,
    allowJs: true,
  });
  defaults.setModeConfiguration({
    ...defaults.modeConfiguration,
    diagnostics: false,
    codeActions: false,
    documentHighlights: false,
    // Sticky scroll asks for the outline as soon as a model is shown.
    documentSymbols: false,
    inlayHints: false,
  });
}

const scriptLanguages = {
  javascript: [monaco.typescript.javascriptDefaults, monaco.typescript.getJavaScriptWorker],
  typescript: [monaco.typescript.typescriptDefaults, monaco.typescript.getTypeScriptWorker],
} as const;
const checksStarted = new Set<string>();

/**
 * Starts the checks, quick fixes, highlights and outline of `language` if it is JavaScript or
 * TypeScript (once per language). Monaco sets a language's service up when the first model of it
 * appears, after fetching its mode's chunk: focus can come first (a busy machine, a slow
 * network), and then its worker is "not registered" yet — so this asks again every 250 ms, for up
 * to 15 s, rather than waiting for a focus that may never come again while the user types.
 */
export function startLanguageChecks(language: string): void {
  if (language !== 'javascript' && language !== 'typescript') return;
  if (checksStarted.has(language)) return;
  checksStarted.add(language);
  const [defaults, getWorker] = scriptLanguages[language];
  const attempt = (left: number): void => {
    getWorker().then(
      (worker) => {
        new DiagnosticsAdapter(new LibFiles(worker), defaults, language, worker);
        monaco.languages.registerCodeActionProvider(language, new CodeActionAdaptor(worker));
        monaco.languages.registerDocumentHighlightProvider(
          language,
          new DocumentHighlightAdapter(worker),
        );
        monaco.languages.registerDocumentSymbolProvider(language, new OutlineAdapter(worker));
      },
      () => {
        if (left > 0) setTimeout(() => attempt(left - 1), 250);
        else checksStarted.delete(language);
      },
    );
  };
  attempt(60);
}

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
/** Binds a shared Yjs text to a Monaco model (editing together, docs/decisions/050). */
export { MonacoBinding } from 'y-monaco';
