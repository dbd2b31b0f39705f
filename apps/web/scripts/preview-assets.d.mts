// Types for preview-assets.mjs (the live preview's files, built with the web app).
export interface PreviewManifest {
  packages: Array<{ name: string; version: string; specifiers: string[] }>;
  tailwindcss: { package: string; version: string };
  pyodide: { version: string };
  importMap: { imports: Record<string, string> };
  config: { tailwind: string; pythonWorker: string; pyodide: string };
}

export declare function buildPreviewAssets(options: {
  outDir: string;
}): Promise<{ manifest: PreviewManifest; ms: number }>;
