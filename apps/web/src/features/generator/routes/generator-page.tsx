/**
 * (Over 300 lines: Generator wires one open project's plan, composer context, generation, preview,
 * save and leave guard to each other through shared state and callbacks; the gates before it (auth,
 * plan, not found, load error) are a few lines each, and the panels are components of their own.)
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { Sparkles } from 'lucide-react';
import { toast } from 'sonner';
import { DEFAULT_LANGUAGE, LANGUAGES, MESSAGES } from '@codewright/contract';
import type { User } from '@codewright/sdk';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { useDocumentTitle } from '../../../hooks/use-document-title.ts';
import { RequireAuth } from '../../auth/index.ts';
import { ProjectLimitDialog, UpgradeDialog, UsageMeter, usePlan } from '../../plan/index.ts';
import { loadMonaco } from '../../editor/index.ts';
import { GeneratorPreview, useGeneratorPreview } from '../../preview/index.ts';
import { useMediaQuery } from '../../../hooks/use-media-query.ts';
import { AssistantPanel } from '../components/assistant-panel.tsx';
import { ChatHistory } from '../components/chat-history.tsx';
import { EditorColumn } from '../components/editor-column.tsx';
import { GeneratorHeader } from '../components/generator-header.tsx';
import { RestoreOffer } from '../components/restore-offer.tsx';
import { SaveDialog } from '../components/save-dialog.tsx';
import { WIDE_QUERY, WorkspaceLayout, type WorkspaceTab } from '../components/workspace-layout.tsx';
import { useGenerator, type GeneratorNavState } from '../hooks/use-generator.ts';
import { useAutoFix } from '../hooks/use-auto-fix.ts';
import { reloadWithoutAsking, useLeaveGuard } from '../hooks/use-leave-guard.ts';
import { useProjectChannel } from '../hooks/use-project-channel.ts';
import { useOpenedProject } from '../hooks/use-opened-project.ts';
import { generatorPath } from '../paths.ts';
import { useProjectFiles } from '../files/use-project-files.ts';
import { FilePresenceContext, membersByFile } from '../files/file-presence.tsx';
import { useSaveShortcut } from '../hooks/use-save-shortcut.ts';
import { useToastClearance } from '../hooks/use-toast-clearance.ts';
import { ComposerTools } from '../context/composer-tools.tsx';
import { ContextChips } from '../context/context-chips.tsx';
import { SelectionChip } from '../context/selection-chip.tsx';
import { ContextFiles } from '../context/context-files.tsx';
import { useEditFiles } from '../context/use-edit-files.ts';
import { GeneratorMediaContext } from '../context/media-context.ts';
import { usePreviewPick } from '../hooks/use-preview-pick.ts';
import { useComposerContext } from '../context/use-composer-context.ts';
import { client } from '../../../sdk.ts';
import type { TreeSnapshot } from '../hooks/tree-edit-outcome.ts';
import {
  ViewerNotice,
  countsAgainst,
  useProjectPlan,
  useProjectWorkspace,
} from '../../teams/index.ts';
import { useSharedFile } from '../../coedit/index.ts';
import type { SharedWrite } from '../hooks/shared-write.ts';

const VIEWER_SAVE_REFUSED =
  'You are a viewer in this workspace: only editors and the owner can save.';
const SHARED_JOINING =
  'Joining your teammates in this file… you can type in a moment. If it takes long, check your connection.';
const VIEWER_READ_ONLY =
  'You are a viewer in this workspace: the code is read-only. Ask the owner for the editor role to change it.';

function Loading() {
  return (
    <div className="flex flex-1 items-center justify-center py-24" role="status">
      <Sparkles className="size-10 animate-pulse text-accent-hover" aria-hidden="true" />
      <span className="sr-only">Loading the generator…</span>
    </div>
  );
}

/** /generator (SPEC §2.12), guarded: signed out → /sign-in; a pulsing icon while loading. */
export function GeneratorPage() {
  useDocumentTitle('AI Code Generator');
  // The editor chunk starts downloading with the page, not after auth and plan have answered.
  void loadMonaco().catch(() => undefined);
  return <RequireAuth fallback={<Loading />}>{(user) => <PlanGate user={user} />}</RequireAuth>;
}

function PlanGate({ user }: { user: User }) {
  const plan = usePlan(user.id);
  const location = useLocation();
  const { projectId: routeId } = useParams();
  const [nav] = useState<GeneratorNavState>(() => readNavState(location.state));
  // The project the open generator holds. When the address names another one (Back or Forward
  // between two projects, a link followed from inside the app) it opens afresh; when the
  // generator itself moved to its project's address (saved, or a draft restored), nothing reloads.
  const [held, setHeld] = useState<string | null>(routeId ?? null);
  const [opening, setOpening] = useState({ routeId, key: 0 });
  if (opening.routeId !== routeId && (routeId ?? null) !== held) {
    setOpening({ routeId, key: opening.key + 1 });
    setHeld(routeId ?? null);
  }
  const opened = useOpenedProject(opening.routeId, opening.key === 0 ? nav : {});
  if (plan.loading || opened.status === 'loading') return <Loading />;
  if (opened.status === 'missing') return <ProjectNotFound />;
  if (opened.status === 'error') return <ProjectLoadError onRetry={opened.retry} />;
  return (
    <Generator
      key={opening.key}
      user={user}
      plan={plan}
      initial={opened.initial}
      onProjectChange={setHeld}
    />
  );
}

function ProjectNotFound() {
  useDocumentTitle('Project not found');
  return (
    <section className="flex flex-1 flex-col items-center justify-center px-4 py-24 text-center">
      <h1 className="text-2xl font-semibold tracking-tight text-fg">Project not found</h1>
      <p className="mt-3 max-w-md text-muted">
        This project does not exist, or it is in a workspace you are not a member of. Ask its owner
        to invite you, or open one of your own projects.
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to="/dashboard" className={buttonClasses('primary', 'md')}>
          Go to Dashboard
        </Link>
        <Link to={generatorPath()} className={buttonClasses('secondary', 'md')}>
          Start a new project
        </Link>
      </div>
    </section>
  );
}

function ProjectLoadError({ onRetry }: { onRetry: () => void }) {
  return (
    <section
      role="alert"
      className="flex flex-1 flex-col items-center justify-center px-4 py-24 text-center"
    >
      <h1 className="text-2xl font-semibold tracking-tight text-fg">
        The project could not be loaded
      </h1>
      <p className="mt-3 max-w-md text-muted">
        Check your connection, then try again. Nothing in the project has changed.
      </p>
      <Button className="mt-8" onClick={onRetry}>
        Try again
      </Button>
    </section>
  );
}

function readNavState(state: unknown): GeneratorNavState {
  if (!state || typeof state !== 'object') return {};
  const s = state as Record<string, unknown>;
  const text = (key: string) => (typeof s[key] === 'string' ? (s[key] as string) : undefined);
  const language = text('language');
  const known = LANGUAGES.find((l) => l.label === language || l.id === language)?.label;
  return {
    projectId: text('projectId'),
    projectName: text('projectName'),
    language: known,
    code: text('code'),
    initialPrompt: text('initialPrompt'),
  };
}

function Generator({
  user,
  plan,
  initial,
  onProjectChange,
}: {
  user: User;
  plan: ReturnType<typeof usePlan>;
  initial: GeneratorNavState;
  /** The generator now holds this saved project (or none): its address follows. */
  onProjectChange: (projectId: string | null) => void;
}) {
  const [tab, setTab] = useState<WorkspaceTab>('chat');
  // A saved project in someone else's workspace counts against its owner's plan (decision 026):
  // the meters, limits and gates show that plan; an unsaved project shows the user's own.
  const [openProject, setOpenProject] = useState<string | null>(initial.projectId ?? null);
  const workspacePlan = useProjectPlan(user.id, openProject);
  const { reload: reloadOwn } = plan;
  const { reload: reloadWorkspace } = workspacePlan;
  const reloadPlan = useCallback(() => {
    reloadOwn();
    reloadWorkspace();
  }, [reloadOwn, reloadWorkspace]);
  const info = workspacePlan.shown?.plan ?? plan.plan;
  const planNote = workspacePlan.shown
    ? countsAgainst(workspacePlan.shown.ownerName, workspacePlan.shown.plan.limits.name)
    : null;
  // Context and media in the composer (docs/decisions/024); `g` is read when a call is made.
  const composer = useComposerContext({
    readCode: () => g.code,
    reloadPlan,
    readProjectId: () => g.projectId,
  });
  // The prompt box is disabled while an answer streams, which drops its focus to <body>: when it
  // held focus at send time, focus goes back to it once the answer (or proposal) has arrived.
  const promptRef = useRef<HTMLTextAreaElement>(null);
  const promptHadFocus = useRef(false);
  // The project's files as the editor holds them, for an AI edit across them (issue 46); set
  // once the files hook below has them.
  const treeReader = useRef<() => TreeSnapshot | null>(() => null);
  const filesReload = useRef<() => void>(() => undefined);
  // A team project's shown file is shared with the teammates who have it open (issue 47,
  // docs/decisions/050): typing, their changes and cursors go through its document, and the
  // page's own changes of it (an accepted edit, a rollback) go into it too.
  const files = useProjectFiles(openProject);
  const mainPath = files.files.find((f) => f.isMain)?.path;
  const workspace = useProjectWorkspace(openProject);
  const [shownPath, setShownPath] = useState<string | null>(null);
  const { file: sharedFile, joining: sharedJoining } = useSharedFile({
    // A workspace with teammates (a personal one may have members too).
    enabled: workspace !== null && workspace.memberCount > 1,
    projectId: openProject,
    path: shownPath,
    user,
  });
  // Made once per shared text (not on each change of its status): the editor binds to it once.
  const synced = sharedFile?.synced ? sharedFile.shared : null;
  const syncedPath = sharedFile?.path ?? null;
  const sharedWrite = useMemo<SharedWrite | null>(
    () =>
      synced && syncedPath
        ? {
            path: syncedPath,
            replace: (text) => synced.replace(text),
            save: (options) => synced.save(options),
          }
        : null,
    [synced, syncedPath],
  );
  const sharedBinding = useMemo(
    () =>
      synced && syncedPath
        ? { path: syncedPath, text: synced.text, awareness: synced.awareness }
        : null,
    [synced, syncedPath],
  );
  const codeShared = sharedFile?.status === 'live' && sharedFile.path === mainPath;
  const sharedNow = useRef({ write: sharedWrite, mainPath, codeShared });
  useEffect(() => {
    sharedNow.current = { write: sharedWrite, mainPath, codeShared };
  });
  const g = useGenerator({
    readShared: () => sharedNow.current.write,
    readSharedMain: () =>
      sharedNow.current.write?.path === sharedNow.current.mainPath ? sharedNow.current.write : null,
    codeShared,
    readTree: () => treeReader.current(),
    onFilesChanged: () => filesReload.current(),
    readContext: composer.context.read,
    contextItems: composer.context.kept,
    restoreContext: composer.context.restore,
    user,
    initial,
    defaultLanguage: DEFAULT_LANGUAGE,
    plan: info,
    reloadPlan,
    // Phone layout: a finished generation shows its preview; an edit shows its review.
    onGenerated: () => setTab('preview'),
    onEditStarted: () => setTab('code'),
  });
  useEffect(() => {
    if (g.generating || !promptHadFocus.current) return;
    promptHadFocus.current = false;
    const box = promptRef.current;
    if (box && box.offsetParent !== null) box.focus();
  }, [g.generating]);
  const [saveOpen, setSaveOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  // Saving a new project or opening another one: its workspace's plan is read (set in render).
  if (g.projectId !== openProject) setOpenProject(g.projectId);
  const hasCode = g.code.trim() !== '';
  const updating = g.projectId !== null;
  // A viewer of the project's workspace reads only: no composer, no save (docs/decisions/025).
  const role = workspace?.role ?? null;
  const readOnly = role !== null && !client.workspaces.can('update', 'project', role);
  const blocker = useLeaveGuard(g.unsaved, generatorPath(g.projectId));
  // Teammates on this project now, and whether this member is editing it (docs/api.md § Realtime).
  // A teammate's change to its code: History shows the new version, and a toast offers the
  // project as saved now; unsaved work here is kept on this device and offered back.
  const [liveChanges, setLiveChanges] = useState(0);
  const { keepDraft } = g;
  // Editing: unsaved changes, or typing in a shared file within its idle write time.
  const editing = g.unsaved || Boolean(sharedFile?.typing);
  const { present, reconnecting } = useProjectChannel(
    g.projectId,
    user.id,
    editing,
    (change) => {
      if (change.event !== 'project.updated' || !change.codeChanged) return;
      setLiveChanges((n) => n + 1);
      if (change.updatedBy === user.id) return;
      // Editing together: their typing is already here; other files they changed are read again.
      if (sharedNow.current.write) return filesReload.current();
      toast(`${change.updatedByName ?? 'A teammate'} updated this project`, {
        id: `teammate-update:${change.projectId}`,
        duration: Infinity,
        action: {
          label: 'Reload',
          // The page loads afresh (a new editor, the project as saved now); the unsaved work
          // here is kept on this device first and offered back there.
          onClick: () => {
            keepDraft();
            reloadWithoutAsking(generatorPath(change.projectId));
          },
        },
      });
    },
    shownPath,
  );
  // Who is in which file, for the file tree.
  const filesPresence = useMemo(() => membersByFile(present), [present]);
  // Saving a new project or restoring a draft of another one (or of a new one): the address
  // names what is open, in place of where it was opened (so a reload, Back and a copied link
  // open this project).
  const navigate = useNavigate();
  const { pathname } = useLocation();
  useEffect(() => {
    const own = generatorPath(g.projectId);
    onProjectChange(g.projectId);
    if (pathname !== own) void navigate(own, { replace: true });
  }, [g.projectId, pathname, navigate, onProjectChange]);
  useToastClearance(rootRef, `${tab}:${g.draftOffer ? 1 : 0}`);
  const wide = useMediaQuery(WIDE_QUERY);
  // The live preview (docs/decisions/021): opens once it is on screen with code, or its tab is chosen.
  // The preview builds the main file with the project's other files (issue 45).
  const previewFiles = useMemo(
    () => files.files.filter((f) => !f.isMain).map((f) => ({ path: f.path, content: f.content })),
    [files.files],
  );
  // The element selected in the preview: the composer's chip, the next prompt's lines (issue 53).
  const pick = usePreviewPick(g.code, previewFiles, mainPath);
  const editFiles = useEditFiles({ files: files.files, code: g.code, projectId: g.projectId });
  const { setOpenPath } = editFiles;
  const onActivePathChange = (path: string | null) => {
    setOpenPath(path);
    setShownPath(path);
  };
  useEffect(() => {
    filesReload.current = files.reload;
    treeReader.current = editFiles.snapshot;
  });
  const preview = useGeneratorPreview({
    code: g.code,
    setCode: g.setCode,
    noteCode: g.noteCode,
    readCode: g.readCode,
    // Opening while code streams in lets Python start before its code is final.
    // A saved project's first run waits for its files, so its imports resolve from the start.
    show:
      (wide ? hasCode || g.streamingCode : tab === 'preview') &&
      !(files.loading && files.files.length === 0),
    streaming: g.streamingCode,
    sendEdit: g.send,
    onReveal: () => setTab('code'),
  });
  const autoFix = useAutoFix({ landed: g.landed, readCode: g.readCode, sendFix: preview.fix });

  const openSave = () => {
    if (!hasCode) {
      toast.error(MESSAGES.generateFirst);
      return;
    }
    setSaveOpen(true);
  };

  // Ctrl/Cmd+S: an existing project is updated at once; a new one asks for its name first.
  useSaveShortcut(() => {
    if (saveOpen || g.saving || g.projectLimitOpen || readOnly) return;
    if (hasCode && updating) void g.save(g.projectName);
    else openSave();
  });

  return (
    <div
      ref={rootRef}
      className="mx-auto flex h-[calc(100dvh-4rem)] min-h-[34rem] w-full max-w-6xl flex-col px-4 pb-4 sm:px-6"
      data-testid="generator"
    >
      <GeneratorHeader
        projectName={g.projectName}
        language={g.language}
        onLanguageChange={g.setLanguage}
        updating={updating}
        hasCode={hasCode && !readOnly}
        unsaved={g.unsaved}
        onSave={readOnly ? () => toast.error(VIEWER_SAVE_REFUSED) : openSave}
        languageDisabled={g.generating}
        present={present}
        reconnecting={reconnecting}
      />
      {g.draftOffer ? (
        <RestoreOffer draft={g.draftOffer} onRestore={g.restoreDraft} onDiscard={g.discardDraft} />
      ) : null}
      <FilePresenceContext.Provider value={filesPresence}>
        <WorkspaceLayout
          tab={tab}
          onTabChange={setTab}
          codeBusy={g.streamingCode}
          previewHasErrors={preview.problems.length > 0}
          chat={
            <GeneratorMediaContext.Provider value={composer.media}>
              {info ? (
                // On a phone the labels take the small size, so each meter stays on one line.
                <div className="grid shrink-0 grid-cols-2 gap-4 rounded-2xl border border-border bg-surface px-3 py-2 max-sm:[&_span]:text-xs">
                  <UsageMeter
                    label="Code Generations"
                    used={info.usage.generationsUsed}
                    limit={info.limits.generationsPerMonth}
                    own={!workspacePlan.shown}
                  />
                  <UsageMeter
                    label="Code Edits"
                    used={info.usage.editsUsed}
                    limit={info.limits.editsPerMonth}
                    own={!workspacePlan.shown}
                  />
                  {planNote ? (
                    <p className="col-span-2 text-xs text-muted" data-testid="generator-plan-note">
                      {planNote}
                    </p>
                  ) : null}
                </div>
              ) : null}
              <ChatHistory
                messages={g.messages}
                loading={g.historyLoading}
                currentId={g.currentId}
                onRollback={g.rollback}
                disabled={g.generating}
                // A viewer cannot send: no suggestions to pick.
                followUps={readOnly ? [] : g.followUps}
                onFollowUp={(text) => {
                  g.setPrompt(text);
                  promptRef.current?.focus();
                }}
              />
              {readOnly ? <ViewerNotice /> : null}
              <div className={readOnly ? 'hidden' : 'contents'}>
                <AssistantPanel
                  prompt={g.prompt}
                  onPromptChange={g.setPrompt}
                  onSend={() => {
                    promptHadFocus.current = document.activeElement === promptRef.current;
                    const options = pick.options();
                    if (options && g.prompt.trim() && !g.generating) pick.setPicked(null);
                    void g.send(undefined, options);
                  }}
                  onStop={g.stop}
                  onUpload={(file) => {
                    if (!composer.takeUpload(file)) void g.upload(file);
                  }}
                  generating={g.generating}
                  uploading={g.uploading || composer.context.busy === 'document'}
                  editing={hasCode}
                  promptRef={promptRef}
                  uploadAccept={composer.uploadAccept}
                  uploadWhat={composer.uploadWhat}
                  attachments={
                    <>
                      <SelectionChip
                        selection={pick.picked}
                        onRemove={() => pick.setPicked(null)}
                        disabled={g.generating}
                      />
                      <ContextChips
                        chips={composer.context.chips}
                        tokens={composer.context.tokens}
                        onRemove={composer.context.remove}
                        disabled={g.generating}
                      />
                      {editFiles.context && hasCode ? (
                        <ContextFiles
                          context={editFiles.context}
                          excluded={editFiles.excluded}
                          onPin={(path) => editFiles.choose(path, 'pinned')}
                          onExclude={(path) => editFiles.choose(path, 'excluded')}
                          disabled={g.generating}
                        />
                      ) : null}
                    </>
                  }
                  tools={
                    <ComposerTools
                      context={composer.context}
                      prompt={g.prompt}
                      setPrompt={g.setPrompt}
                      disabled={g.generating}
                      projectId={g.projectId}
                    />
                  }
                />
              </div>
            </GeneratorMediaContext.Provider>
          }
          code={
            // Code | Review | History, and Edit selection (docs/decisions/022).
            <EditorColumn
              userId={user.id}
              plan={info}
              projectId={g.projectId}
              code={g.code}
              shownCode={g.shownCode}
              language={g.language}
              onChange={preview.onEditorChange}
              streaming={g.streamingCode}
              readOnlyMessage={readOnly ? VIEWER_READ_ONLY : null}
              generating={g.generating}
              review={g.review}
              send={(request, options) => void g.send(request, options)}
              onRestored={g.adoptSavedCode}
              historyKey={(g.saving ? 1 : 0) + 2 * liveChanges}
              markers={preview.markers}
              reveal={preview.reveal}
              files={g.projectId ? files : null}
              onActivePathChange={onActivePathChange}
              shared={sharedBinding}
              waitMessage={sharedJoining ? SHARED_JOINING : null}
            />
          }
          preview={
            <GeneratorPreview
              open={preview.open}
              code={g.code}
              path={mainPath}
              files={previewFiles}
              language={g.language}
              runKey={preview.runKey}
              onProblems={preview.setProblems}
              onSelectLine={preview.selectLine}
              onFix={preview.fix}
              onQuickFix={g.quickFix}
              selection={pick.picked}
              onSelectElement={readOnly ? undefined : pick.setPicked}
              onQuickEdit={g.quickEdit}
              onSettled={autoFix.onSettled}
              autoFix={autoFix}
              fixBusy={g.generating}
              fixing={preview.fixing}
            />
          }
        />
      </FilePresenceContext.Provider>

      <SaveDialog
        open={saveOpen && !g.projectLimitOpen}
        userId={user.id}
        projectId={g.projectId}
        onClose={() => setSaveOpen(false)}
        updating={updating}
        initialName={g.projectName}
        language={g.language}
        code={g.code}
        saving={g.saving}
        onSave={g.save}
      />
      <UpgradeDialog
        open={g.upgradeMessage !== null}
        onClose={g.closeUpgrade}
        title="Upgrade to Continue"
        description={[g.upgradeMessage ?? '', planNote].filter(Boolean).join(' ')}
        lockedFeature={MESSAGES.upgradeFeature}
      />
      <ProjectLimitDialog
        open={g.projectLimitOpen}
        onClose={() => {
          g.closeProjectLimit();
          setSaveOpen(false);
        }}
      />
      <ConfirmDialog
        open={blocker.state === 'blocked'}
        title="Leave without saving?"
        description={
          updating
            ? `Your latest changes are not saved to ${g.projectName || 'the project'} yet. They stay on this device, and the generator offers them back when you return.`
            : 'Your code and chat are not saved to a project yet. They stay on this device, and the generator offers them back when you return.'
        }
        confirmLabel="Leave"
        cancelLabel="Stay"
        onConfirm={() => blocker.proceed?.()}
        onCancel={() => blocker.reset?.()}
      />
    </div>
  );
}
