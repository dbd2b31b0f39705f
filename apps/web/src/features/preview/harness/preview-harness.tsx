/**
 * A page that mounts the preview panel on its own, for the browser tests and benches
 * (e2e/preview.spec.ts, bench/preview-*.mjs). It is never part of the app's build: nothing in
 * the app imports it; e2e/fixtures/preview-harness.mjs bundles it and serves it on the app's
 * origin, under the app's own CSP. "Fix with AI" here runs the request the generator will
 * send (buildPreviewFixRequest, as an edit) through the scripted test model.
 */
import { StrictMode, useState, type FormEvent } from 'react';
import { createRoot } from 'react-dom/client';
import {
  aiMeterFor,
  buildGenerationPrompt,
  buildPreviewFixRequest,
  extractCode,
  LANGUAGES,
  type PreviewProblem,
} from '@codewright/contract';
import { client } from '../../../sdk.ts';
import { LazyPreviewPanel } from '../lazy-preview-panel.tsx';

const LANGUAGE_OPTIONS = [...LANGUAGES.map((l) => l.label), 'HTML'];

function Harness() {
  const params = new URLSearchParams(location.search);
  const [draft, setDraft] = useState('');
  const [language, setLanguage] = useState(params.get('language') ?? 'JavaScript');
  const [code, setCode] = useState('');
  /** A project of several files (npm run eval): the main file's path, and the others as JSON. */
  const [path, setPath] = useState('');
  const [filesDraft, setFilesDraft] = useState('');
  const [files, setFiles] = useState<{ path: string; content: string }[]>([]);
  const [runKey, setRunKey] = useState(0);
  const [problems, setProblems] = useState<PreviewProblem[]>([]);
  const [fixing, setFixing] = useState(false);
  const [fixNote, setFixNote] = useState('');
  const [clicks, setClicks] = useState(0);
  /** Runs that ended (npm run eval waits for the next one: scripts/eval.mjs). */
  const [settled, setSettled] = useState(0);

  const run = (event: FormEvent) => {
    event.preventDefault();
    performance.mark('codewright:harness-run');
    setCode(draft);
    setFiles(filesDraft.trim() ? (JSON.parse(filesDraft) as typeof files) : []);
    setRunKey((k) => k + 1);
  };

  const fix = async () => {
    setFixing(true);
    setFixNote('');
    try {
      const request = buildPreviewFixRequest({ problems, code });
      const { text } = await client.ai.generateText({
        prompt: buildGenerationPrompt({ language, request, currentCode: code }),
        meter: aiMeterFor(code),
      });
      const fixed = extractCode(text);
      setDraft(fixed);
      setCode(fixed);
      setRunKey((k) => k + 1);
      setFixNote('Fixed code applied');
    } catch (err) {
      setFixNote(`Fix failed: ${err instanceof Error ? err.message : String(err)}`);
    } finally {
      setFixing(false);
    }
  };

  return (
    <main className="flex h-dvh flex-col gap-3 p-3" data-testid="preview-harness">
      <form onSubmit={run} className="flex flex-wrap items-end gap-2">
        <label className="flex min-w-0 flex-1 flex-col gap-1 text-xs text-muted">
          Code
          <textarea
            aria-label="Code"
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            rows={3}
            className="min-w-0 rounded-md border border-border bg-surface p-2 font-mono text-xs text-fg"
          />
        </label>
        <label className="flex flex-col gap-1 text-xs text-muted">
          Path
          <input
            aria-label="Path"
            value={path}
            onChange={(e) => setPath(e.target.value)}
            className="h-9 w-32 rounded-md border border-border bg-surface px-2 text-xs text-fg"
          />
        </label>
        <label className="flex flex-col gap-1 text-xs text-muted">
          Other files
          <textarea
            aria-label="Other files"
            value={filesDraft}
            onChange={(e) => setFilesDraft(e.target.value)}
            rows={1}
            className="w-32 rounded-md border border-border bg-surface p-2 font-mono text-xs text-fg"
          />
        </label>
        <label className="flex flex-col gap-1 text-xs text-muted">
          Language
          <select
            value={language}
            onChange={(e) => setLanguage(e.target.value)}
            className="h-9 rounded-md border border-border bg-surface px-2 text-sm text-fg"
          >
            {LANGUAGE_OPTIONS.map((l) => (
              <option key={l}>{l}</option>
            ))}
          </select>
        </label>
        <button type="submit" className="h-9 rounded-md bg-accent px-4 text-sm text-white">
          Run
        </button>
        <button
          type="button"
          onClick={() => void fix()}
          disabled={fixing || problems.length === 0}
          className="h-9 rounded-md border border-border px-3 text-sm text-fg disabled:opacity-40"
        >
          {fixing ? 'Fixing…' : 'Fix with AI'}
        </button>
        <button
          type="button"
          onClick={() => setClicks((n) => n + 1)}
          className="h-9 rounded-md border border-border px-3 text-sm text-fg"
        >
          App button {clicks}
        </button>
      </form>
      <p role="status" className="text-xs text-muted" data-testid="fix-note">
        {fixNote}
      </p>
      <output data-testid="harness-settled" data-count={settled} hidden />
      <ul data-testid="problems" className="text-xs text-muted">
        {problems.map((p, i) => (
          <li key={i} data-kind={p.kind} data-line={p.line ?? ''}>
            {p.kind} line {p.line ?? '?'}: {p.message}
          </li>
        ))}
      </ul>
      <div className="min-h-0 flex-1 overflow-hidden rounded-lg border border-border">
        <LazyPreviewPanel
          code={code}
          language={language}
          path={path || undefined}
          files={files}
          runKey={runKey}
          debounceMs={0}
          onProblems={setProblems}
          onSettled={() => setSettled((n) => n + 1)}
        />
      </div>
    </main>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Harness />
  </StrictMode>,
);
