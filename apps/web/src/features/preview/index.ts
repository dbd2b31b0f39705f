/** The preview feature's door: the generator's live preview and the hook that drives it. */
export { GeneratorPreview } from './generator-preview.tsx';
export { useGeneratorPreview } from './use-generator-preview.ts';
export { type PreviewSelection, type QuickEdit, selectionLabel } from './preview-selection.ts';
