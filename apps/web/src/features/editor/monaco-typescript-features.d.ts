/**
 * Types for the part of Monaco's TypeScript language features that monaco.ts uses: the adapters
 * Monaco's own mode registers, for the features it starts later (monaco-editor ships no types for
 * this module). Checked against monaco-editor 0.57.
 */
declare module 'monaco-editor/languages/features/typescript/languageFeatures' {
  import type * as Monaco from 'monaco-editor';

  type Worker = (...uris: Monaco.Uri[]) => Promise<Monaco.typescript.TypeScriptWorker>;

  export class LibFiles {
    constructor(worker: Worker);
  }
  /** Checks each model of `selector` and sets its markers (owner: the language id). */
  export class DiagnosticsAdapter {
    constructor(
      libFiles: LibFiles,
      defaults: Monaco.typescript.LanguageServiceDefaults,
      selector: string,
      worker: Worker,
    );
    dispose(): void;
  }
  export class CodeActionAdaptor implements Monaco.languages.CodeActionProvider {
    constructor(worker: Worker);
    provideCodeActions: Monaco.languages.CodeActionProvider['provideCodeActions'];
  }
  export class DocumentHighlightAdapter implements Monaco.languages.DocumentHighlightProvider {
    constructor(worker: Worker);
    provideDocumentHighlights: Monaco.languages.DocumentHighlightProvider['provideDocumentHighlights'];
  }
  export class OutlineAdapter implements Monaco.languages.DocumentSymbolProvider {
    constructor(worker: Worker);
    provideDocumentSymbols: Monaco.languages.DocumentSymbolProvider['provideDocumentSymbols'];
  }
}
