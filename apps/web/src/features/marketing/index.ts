/** The marketing feature's door, for the app shell and the prerenderer. Its pages are routes. */
export { DeferredToaster } from './components/deferred-toaster.tsx';
export { PageMetaCollector, usePageMeta, type PageMeta } from './hooks/use-page-meta.ts';
