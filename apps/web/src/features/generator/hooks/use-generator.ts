import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { toast } from 'sonner';
import { MESSAGES, type PromptContextItem } from '@codewright/contract';
import type { PlanInfo, User } from '@codewright/sdk';
import { client } from '../../../sdk.ts';
import { currentMessageId, fromRecord, type ChatMessage } from '../chat.ts';
import { DRAFT_VERSION, fromDraftMessage, toDraftMessage, type GeneratorDraft } from '../draft.ts';
import { followUpsFor } from '../follow-ups.ts';
import { useDraft } from './use-draft.ts';
import type { TreeSnapshot } from './tree-edit-outcome.ts';
import { useGeneration } from './use-generation.ts';
import { useProjectSave } from './use-project-save.ts';
import { useUpload } from './use-upload.ts';
import type { SharedWrite } from './shared-write.ts';

/** Navigation state accepted by /generator (SPEC §2.12). */
export interface GeneratorNavState {
  projectId?: string;
  projectName?: string;
  language?: string;
  code?: string;
  initialPrompt?: string;
}

export interface GeneratorOptions {
  user: User;
  initial: GeneratorNavState;
  defaultLanguage: string;
  plan: PlanInfo | null;
  reloadPlan: () => void;
  /** A generation finished with code (the phone layout shows the Code tab). */
  onGenerated?: () => void;
  /** An AI edit ended with changes to review: the review should be on screen (decision 022). */
  onEditStarted?: () => void;
  /** Context attached in the composer, sent with each prompt (docs/decisions/024). */
  readContext?: () => PromptContextItem[];
  /** The composer's chips now: the draft keeps them with the unsent prompt (decision 033). */
  contextItems?: PromptContextItem[];
  /** Puts a restored draft's chips back in the composer. */
  restoreContext?: (items: PromptContextItem[]) => void;
  /** A saved project's files as the editor holds them (issue 46), and: an answer wrote them. */
  readTree?: () => TreeSnapshot | null;
  onFilesChanged?: () => void;
  /**
   * The file shown when it is shared with teammates (docs/decisions/050), and when that is the
   * main file: the code goes into its document, Save writes it from there, and while it is in
   * step with the server (`codeShared`) the code is never "unsaved" — the server keeps each change.
   */
  readShared?: () => SharedWrite | null;
  readSharedMain?: () => SharedWrite | null;
  codeShared?: boolean;
}

/**
 * The generator's state and actions (SPEC §4.4): chat, code, language, project; sending and Stop
 * (use-generation.ts), saving (use-project-save.ts), unsaved work kept on this device and offered
 * back (use-draft.ts), Rollback and the "current" mark, upload, suggested follow-ups.
 */
export function useGenerator(options: GeneratorOptions) {
  const { user, initial, defaultLanguage } = options;
  const openedLanguage = initial.language || defaultLanguage;
  const [language, setLanguage] = useState(openedLanguage);
  const [code, setCodeState] = useState(initial.code ?? '');
  // The code as last set or typed, ahead of the state (decision 049): what a save or prompt reads.
  const codeNow = useRef(code);
  const sharing = useRef(options);
  useEffect(() => {
    sharing.current = options;
  });
  const setCode = useCallback((next: string) => {
    codeNow.current = next;
    setCodeState(next);
    // A change of the page (an accepted edit, a rollback, an upload) goes to the shared document.
    sharing.current.readSharedMain?.()?.replace(next);
  }, []);
  const noteCode = useCallback((next: string) => void (codeNow.current = next), []);
  const readCode = useCallback(() => codeNow.current, []);
  const [prompt, setPrompt] = useState(initial.initialPrompt ?? '');
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [projectId, setProjectId] = useState<string | null>(initial.projectId ?? null);
  const [projectName, setProjectName] = useState(initial.projectName ?? '');
  /** Code and language as last saved or opened: what "unsaved" is measured against. */
  const [baseline, setBaseline] = useState({ code: initial.code ?? '', language: openedLanguage });
  const [storedIds, setStoredIds] = useState<ReadonlySet<string>>(() => new Set());
  const [preferredCurrent, setPreferredCurrent] = useState<string | null>(null);
  const [historyLoading, setHistoryLoading] = useState(Boolean(initial.projectId));

  const state = { language, code, prompt, messages, projectId, projectName, storedIds };
  const latest = useRef(state);
  useEffect(() => {
    latest.current = state;
  });
  const read = useCallback(() => ({ ...latest.current, code: codeNow.current }), []);

  // A reopened project brings back its whole chat, oldest first (SPEC §2.12, §4.4).
  useEffect(() => {
    const id = initial.projectId;
    if (!id) return;
    const controller = new AbortController();
    client.db
      .from('chat_messages')
      .select('*')
      .eq('projectId', id)
      .order('createdAt', { ascending: true })
      .abortSignal(controller.signal)
      .then(
        (rows) => {
          if (controller.signal.aborted) return;
          setStoredIds((ids) => new Set([...ids, ...rows.map((r) => r.id)]));
          setMessages((current) => [...rows.map(fromRecord), ...current]);
          setHistoryLoading(false);
        },
        (error: unknown) => {
          if (controller.signal.aborted) return;
          console.error('Failed to load the chat history', error);
          setHistoryLoading(false);
        },
      );
    return () => controller.abort();
  }, [initial.projectId]);

  const generation = useGeneration({
    plan: options.plan,
    reloadPlan: options.reloadPlan,
    read,
    setPrompt,
    setCode,
    setMessages,
    markCurrent: setPreferredCurrent,
    onFinished: () => options.onGenerated?.(),
    onEditStarted: () => options.onEditStarted?.(),
    readContext: () => options.readContext?.() ?? [],
    readTree: () => options.readTree?.() ?? null,
    onFilesChanged: () => options.onFilesChanged?.(),
    readShared: () => options.readShared?.() ?? null,
    readSharedMain: () => options.readSharedMain?.() ?? null,
    // An accepted edit became a version: the project's stored code is the editor's now.
    onCommitted: (committed) => setBaseline((b) => ({ ...b, code: committed })),
    takeImageUrls: (request) => takeImageUrls(request),
  });

  const saving = useProjectSave({
    userId: user.id,
    read: () => ({ ...read(), shared: options.readSharedMain?.() ?? null }),
    onSaved: (saved) => {
      setProjectId(saved.projectId);
      setProjectName(saved.name);
      setBaseline({ code: saved.code, language: saved.language });
      setStoredIds((ids) => new Set([...ids, ...saved.storedIds]));
    },
  });

  const unsaved =
    (code !== baseline.code && !options.codeShared) ||
    language !== baseline.language ||
    messages.some((m) => !m.streaming && !storedIds.has(m.id));

  const chips = options.contextItems;
  const draftNow = useMemo<GeneratorDraft | null>(() => {
    // Chips of the unsent prompt are kept too, even when nothing else is unsaved.
    if (!unsaved && !chips?.length) return null;
    return {
      version: DRAFT_VERSION,
      savedAt: new Date().toISOString(),
      language,
      code,
      prompt,
      projectId,
      projectName,
      messages: messages
        .filter((m) => !m.streaming)
        .map((m) => toDraftMessage(m, storedIds.has(m.id))),
      baseline,
      ...(chips?.length ? { chips } : {}),
    };
  }, [
    unsaved,
    language,
    code,
    prompt,
    projectId,
    projectName,
    messages,
    storedIds,
    baseline,
    chips,
  ]);
  const draft = useDraft(user.id, draftNow);

  /** Puts the offered draft back: its code, chat, language and project. */
  const restore = useCallback(() => {
    const offer = draft.offer;
    if (!offer) return;
    setLanguage(offer.language);
    setCode(offer.code);
    setPrompt(offer.prompt);
    setProjectId(offer.projectId);
    setProjectName(offer.projectName);
    setBaseline(offer.baseline);
    setMessages(offer.messages.map(fromDraftMessage));
    setStoredIds(new Set(offer.messages.filter((m) => m.stored).map((m) => m.id)));
    setPreferredCurrent(null);
    setHistoryLoading(false);
    options.restoreContext?.(offer.chips ?? []);
    draft.dismissOffer(false);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- restoreContext is a stable callback
  }, [draft]);

  const rollback = useCallback(
    (message: ChatMessage) => {
      if (message.codeSnapshot == null) return;
      setCode(message.codeSnapshot);
      setPreferredCurrent(message.id);
      toast.success(MESSAGES.rolledBack);
    },
    [setCode],
  );

  const { upload, uploading, takeImageUrls } = useUpload({
    userId: user.id,
    setCode,
    setLanguage,
    setPrompt,
  });

  const liveCode = generation.liveCode;
  const currentId = liveCode === null ? currentMessageId(messages, code, preferredCurrent) : null;
  const last = messages[messages.length - 1];
  const followUps =
    !generation.generating && last?.role === 'assistant' && !last.streaming
      ? followUpsFor(language, code.trim() !== '')
      : [];

  return {
    language,
    setLanguage,
    /** The editor's own code (what Save stores). */
    code,
    setCode,
    noteCode,
    readCode,
    /** What the editor shows: the code streaming in, else the editor's own. */
    shownCode: liveCode ?? code,
    streamingCode: liveCode !== null,
    prompt,
    setPrompt,
    messages,
    historyLoading,
    currentId,
    followUps,
    generating: generation.generating,
    uploading,
    projectId,
    projectName,
    unsaved,
    send: generation.send,
    quickFix: generation.quickFix,
    quickEdit: generation.quickEdit,
    landed: generation.landed,
    stop: generation.stop,
    /** The AI edit under review (review/, docs/decisions/022). */
    review: generation.review,
    /**
     * A restore on the server made `restored` the project's code: the editor and "saved" follow.
     * A shared main file gets it from its document, where the server merges it (decision 050).
     */
    adoptSavedCode: useCallback(
      (restored: string) => {
        if (!sharing.current.readSharedMain?.()) setCode(restored);
        setBaseline((b) => ({ ...b, code: restored }));
      },
      [setCode],
    ),
    rollback,
    upload,
    save: saving.save,
    saving: saving.saving,
    draftOffer: draft.offer,
    restoreDraft: restore,
    discardDraft: useCallback(() => draft.dismissOffer(true), [draft]),
    /** Keeps the unsaved work on this device now (before the generator is opened afresh). */
    keepDraft: draft.flush,
    upgradeMessage: generation.upgradeMessage,
    closeUpgrade: generation.closeUpgrade,
    projectLimitOpen: saving.projectLimitOpen,
    closeProjectLimit: saving.closeProjectLimit,
  };
}
