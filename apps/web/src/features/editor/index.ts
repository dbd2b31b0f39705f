/** The editor feature's door: Monaco's editors (their chunk loads on first use) and code blocks. */
export {
  CodeEditor,
  loadMonaco,
  languageOfPath,
  type CodeEditorProps,
  type EditorMarker,
  type EditorReveal,
  type SharedBinding,
} from './code-editor.tsx';
export { DiffEditor, type Comparison, type DiffEditorProps } from './diff-editor.tsx';
export { DiffLayoutToggle } from './diff-layout-toggle.tsx';
export { ChatCodeBlock } from './chat-code-block.tsx';
export { clampLines, selectedLines, type SelectedLines } from './selected-lines.ts';
