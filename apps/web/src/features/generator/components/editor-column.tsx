import { useEffect, useRef, useState } from 'react';
import { GitCompare, History, Lock } from 'lucide-react';
import { splitLines, VERSION_CONTROL_FEATURE } from '@codewright/contract';
import type { PlanInfo } from '@codewright/sdk';
import { toast } from 'sonner';
import { saveBlob } from '../../../components/save-blob.ts';
import { cn } from '../../../components/ui/cn.ts';
import { client } from '../../../sdk.ts';
import {
  type EditorMarker,
  type EditorReveal,
  type SelectedLines,
  clampLines,
  type SharedBinding,
} from '../../editor/index.ts';
import { UpgradeDialog } from '../../plan/index.ts';
import type { EditOptions } from '../hooks/use-generation.ts';
import type { EditReview } from '../hooks/use-edit-review.ts';
import { EditSelectionDialog } from './edit-selection-dialog.tsx';
import type { ProjectFiles } from '../files/use-project-files.ts';
import { EditorPanel } from './editor-panel.tsx';
import { monacoLanguage } from './monaco-language.ts';
import { HistoryPanel } from './history-panel.tsx';
import { ReviewPanel } from './review-panel.tsx';

/** What the editor column shows: the code, the review of an AI edit, or the History panel. */
export type EditorView = 'code' | 'review' | 'history';

export interface EditorColumnProps {
  userId: string;
  plan: PlanInfo | null;
  projectId: string | null;
  /** The editor's own code, and what it shows (code streaming into an empty editor). */
  code: string;
  shownCode: string;
  language: string;
  streaming: boolean;
  /** Read only for good, saying why (a viewer of the project's workspace). */
  readOnlyMessage?: string | null;
  generating: boolean;
  onChange: (code: string) => void;
  review: EditReview;
  /** The one edit path (use-generation.ts): Edit selection sends through it. */
  send: (request: string, options: EditOptions) => void;
  /** A restore made `code` the project's saved code. */
  onRestored: (code: string) => void;
  /** Changes whenever the project's history may have grown elsewhere (a save). */
  historyKey: number;
  markers?: readonly EditorMarker[];
  reveal?: EditorReveal | null;
  /** A saved project's files (issue 45). */
  files?: ProjectFiles | null;
  /** The file shown in the editor changed (its path). */
  onActivePathChange?: (path: string | null) => void;
  /** The shown file's text shared with teammates, once in step (docs/decisions/050). */
  shared?: SharedBinding | null;
  /** The editor waits, read-only, saying why (the shared text is being joined). */
  waitMessage?: string | null;
}

const TAB =
  'inline-flex h-8 items-center gap-1.5 rounded-lg px-2.5 text-sm font-medium focus-visible:outline-2 focus-visible:outline-accent';

/**
 * The editor column (decision 013's `tabs` slot; docs/decisions/022): Code | Review | History.
 * An AI edit opens Review while it streams and until it is decided; History lists the versions
 * (Pro and Enterprise — on Free it opens the upgrade dialog with "Version control", SPEC §2.13).
 * Edit selection (Ctrl/Cmd+K or the header's button) asks what to change in the selected lines.
 */
export function EditorColumn(props: EditorColumnProps) {
  const { review, plan } = props;
  const [view, setView] = useState<EditorView>('code');
  const [upgradeOpen, setUpgradeOpen] = useState(false);
  // Edit selection: the lines, and the file they are in when it is not the main one.
  const [editRange, setEditRange] = useState<{ range: SelectedLines; path?: string } | null>(null);
  const [selection, setSelection] = useState<SelectedLines | null>(null);
  const hasVersions = plan?.limits.versionControl ?? false;
  const session = review.session;
  const hadSession = useRef(false);

  const codeTabRef = useRef<HTMLButtonElement>(null);

  // An edit opens its review; a decided review gives the column back to the code. The last
  // decision removed the button that had focus: focus goes to the Editor tab (a screen reader
  // says it, and the toast says what was applied), not to the page's body.
  useEffect(() => {
    if (session && !hadSession.current) setView('review');
    if (!session && hadSession.current) {
      setView((v) => (v === 'review' ? 'code' : v));
      const active = document.activeElement;
      if (!active || active === document.body) codeTabRef.current?.focus();
    }
    hadSession.current = session !== null;
  }, [session]);

  // Typing while a review waits rebases it (a review whose hunks all vanished closes).
  const { recheck } = review;
  useEffect(() => {
    recheck();
  }, [props.code, recheck]);

  const language = monacoLanguage(props.language);
  const tab = (id: EditorView, label: string, icon: React.ReactNode, extra?: React.ReactNode) => (
    <button
      ref={id === 'code' ? codeTabRef : undefined}
      type="button"
      role="tab"
      aria-selected={view === id}
      className={cn(TAB, view === id ? 'bg-white/10 text-fg' : 'text-muted hover:text-fg')}
      onClick={() => {
        if (id === 'history' && !hasVersions) setUpgradeOpen(true);
        else setView(id);
      }}
      data-testid={`editor-tab-${id}`}
    >
      {icon}
      <span className={id === 'code' ? undefined : '@max-[28rem]:sr-only'}>{label}</span>
      {extra}
    </button>
  );

  const overlay =
    view === 'review' && session ? (
      <ReviewPanel session={session} review={review} code={props.code} language={language} />
    ) : view === 'history' ? (
      <HistoryPanel
        projectId={props.projectId}
        userId={props.userId}
        language={language}
        currentCode={props.code}
        currentFiles={
          props.files?.files.length
            ? props.files.files.map((f) => ({
                path: f.path,
                content: f.isMain ? props.code : f.content,
              }))
            : undefined
        }
        active
        onRestored={(code) => {
          props.onRestored(code);
          // A restore brings back the version's whole tree.
          props.files?.reload();
        }}
        changeKey={props.historyKey}
      />
    ) : undefined;

  return (
    <>
      <EditorPanel
        code={props.shownCode}
        language={props.language}
        onChange={props.onChange}
        streaming={props.streaming}
        readOnlyMessage={props.readOnlyMessage ?? null}
        markers={props.markers}
        reveal={props.reveal}
        overlay={overlay}
        selection={selection}
        onSelectionChange={(next) =>
          setSelection((prev) =>
            prev?.startLine === next.startLine && prev.endLine === next.endLine ? prev : next,
          )
        }
        onDownloadProject={
          props.projectId ? () => void downloadProject(props.projectId!) : undefined
        }
        files={props.files ?? null}
        onMainReplaced={props.onRestored}
        onActivePathChange={props.onActivePathChange}
        shared={props.shared ?? null}
        waitMessage={props.waitMessage ?? null}
        filesLockedReason={
          props.readOnlyMessage
            ? 'You are a viewer in this workspace: files are read-only.'
            : props.generating || props.streaming
              ? 'Wait for the answer to finish to change files.'
              : null
        }
        onEditSelection={
          props.generating || props.streaming || props.readOnlyMessage || !props.code.trim()
            ? undefined
            : (range, path) => {
                const text = path
                  ? (props.files?.files.find((f) => f.path === path)?.content ?? '')
                  : props.code;
                setEditRange({
                  range: clampLines(range, splitLines(text).length),
                  ...(path ? { path } : {}),
                });
              }
        }
        tabs={
          <div role="tablist" aria-label="Editor views" className="flex items-center gap-0.5">
            {tab('code', 'Editor', null)}
            {session
              ? tab(
                  'review',
                  'Review',
                  <GitCompare className="size-4" aria-hidden="true" />,
                  <span
                    className="size-2 rounded-full bg-accent-hover"
                    aria-label={session.streaming ? '(arriving)' : '(waiting for you)'}
                  />,
                )
              : null}
            {tab(
              'history',
              'History',
              <History className="size-4" aria-hidden="true" />,
              hasVersions ? null : <Lock className="size-3 text-subtle" aria-label="(Pro)" />,
            )}
          </div>
        }
      />
      <EditSelectionDialog
        range={editRange?.range ?? null}
        onClose={() => setEditRange(null)}
        onSubmit={(request, range) => {
          const path = editRange?.path;
          setEditRange(null);
          props.send(request, { selection: range, ...(path ? { path } : {}) });
        }}
      />
      <UpgradeDialog
        open={upgradeOpen}
        onClose={() => setUpgradeOpen(false)}
        title="Upgrade to Pro"
        description="See every version of your projects, compare any two and restore one with a click."
        lockedFeature={VERSION_CONTROL_FEATURE}
      />
    </>
  );
}

/** The saved project's files as `<project id>.zip`; a toast says what happened. */
async function downloadProject(projectId: string) {
  try {
    saveBlob(await client.db.downloadFiles(projectId), `${projectId}.zip`);
    toast.success('Project downloaded as a .zip');
  } catch (error) {
    console.error('Downloading the project failed', error);
    toast.error('The project could not be downloaded. Check your connection and try again.');
  }
}
