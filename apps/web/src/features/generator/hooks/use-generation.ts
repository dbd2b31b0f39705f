/**
 * (Over 300 lines: a send and its Stop share one answer's state — the stream, the deltas applied
 * once per frame, the live code and the review — from the call to its verdict; the edit call and
 * its outcome are review/edit-call.ts and edit-outcome.ts.)
 */
import {
  useCallback,
  useEffect,
  useRef,
  useState,
  type Dispatch,
  type SetStateAction,
} from 'react';
import { toast } from 'sonner';
import {
  MESSAGES,
  UNLIMITED,
  aiMeterFor,
  buildConversationMessages,
  contextRefOf,
  extractCode,
  partialCode,
  treeGenerationRules,
  withContextMessages,
  type ConversationMessage,
  type PromptContextItem,
} from '@codewright/contract';
import { CodewrightError, type PlanInfo } from '@codewright/sdk';
import type { LineRange, QuickFix } from '@codewright/contract';
import { client } from '../../../sdk.ts';
import { conversationOf, localMessageId, type ChatMessage } from '../chat.ts';
import { runEditCall } from '../review/edit-call.ts';
import { runFileSelectionEdit, runTreeEditCall } from '../review/tree-edit-call.ts';
import {
  finishTreeEdit,
  liveMainCode,
  resolveTreeEdit,
  treeGenerationOf,
  type TreeSnapshot,
} from './tree-edit-outcome.ts';
import { finishEdit, resolveEdit, REVIEW_MESSAGES } from './edit-outcome.ts';
import { beginQuickEdit, beginQuickFix } from './quick-fix.ts';
import type { Landing } from './use-auto-fix.ts';
import type { SharedWrite } from './shared-write.ts';
import { useEditReview, type EditSource } from './use-edit-review.ts';

const LIMIT_CODES = new Set(['GENERATION_LIMIT_REACHED', 'EDIT_LIMIT_REACHED']);

/** A generation in a saved project (its main file at `mainPath`) may answer several files. */
function withTreeRules(messages: ConversationMessage[], mainPath: string | undefined) {
  const last = messages[messages.length - 1];
  if (!mainPath || !last) return messages;
  return [
    ...messages.slice(0, -1),
    { ...last, content: `${last.content}\n${treeGenerationRules(mainPath)}` },
  ];
}

export interface GenerationDeps {
  plan: PlanInfo | null;
  reloadPlan: () => void;
  /** The workspace as it is now (read when a send starts). */
  read: () => {
    language: string;
    code: string;
    prompt: string;
    messages: ChatMessage[];
    projectId: string | null;
  };
  setPrompt: (prompt: string) => void;
  setCode: (code: string) => void;
  setMessages: Dispatch<SetStateAction<ChatMessage[]>>;
  /** Marks the answer whose snapshot just went into the editor as current. */
  markCurrent: (id: string) => void;
  /** A generation finished with code (the phone layout then shows the Code tab). */
  onFinished: () => void;
  /** Image URLs uploaded for this request (removed from the pending list). */
  takeImageUrls: (request: string) => string[];
  /** Context attached in the composer, sent ahead of the prompt (docs/decisions/024). */
  readContext?: () => PromptContextItem[];
  /** An edit's answer ended with changes to review: the review should be on screen. */
  onEditStarted?: () => void;
  /** An accepted edit was recorded as a version: the project's saved code is now `code`. */
  onCommitted?: (code: string) => void;
  /** A saved project's files as the editor holds them (issue 46); null for an unsaved one. */
  readTree?: () => TreeSnapshot | null;
  /** An accepted edit across files wrote the project's files: they are read again. */
  onFilesChanged?: () => void;
  /** The file shown, when shared with teammates (docs/decisions/050); and when it is the main one. */
  readShared?: () => SharedWrite | null;
  readSharedMain?: () => SharedWrite | null;
}

/** How an edit was asked for: Edit selection names lines; Fix with AI is source `fix`. */
export interface EditOptions {
  selection?: LineRange;
  /** The file the selection is in, when it is not the main one (a saved project's). */
  path?: string;
  source?: EditSource;
}

/**
 * Sending a prompt and Stop (SPEC §4.4, §5; DESIGN §3.3, §3.5; decision 013): the call carries
 * the recent turns and the SPEC §7.1 prompt; the answer streams into the chat and, for a first
 * generation into an empty editor, its code into the editor (`liveCode`, read-only meanwhile).
 * Every edit of existing code — a prompt, Edit selection, Fix with AI — takes the one edit path
 * (review/edit-call.ts) and streams into the review instead: the editor is untouched, and stays
 * editable, until the user accepts hunks (docs/decisions/022). Stop asks the server to end the answer and gets
 * its verdict: charged once any text was delivered (DESIGN §3.2), and when code had begun the
 * partial code stays in the editor; with nothing delivered nothing is charged (docs/api.md § AI "Stop").
 */
export function useGeneration(deps: GenerationDeps) {
  const [generating, setGenerating] = useState(false);
  const [liveCode, setLiveCode] = useState<string | null>(null);
  const [upgradeMessage, setUpgradeMessage] = useState<string | null>(null);
  /** The last AI answer whose code reached the editor (auto-fix, use-auto-fix.ts). */
  const [landed, setLanded] = useState<Landing>({ seq: 0, source: 'generate' });
  const latest = useRef(deps);
  const stopper = useRef<AbortController | null>(null);
  const dropper = useRef<AbortController | null>(null);
  const busy = useRef(false);

  useEffect(() => {
    latest.current = deps;
  });
  const review = useEditReview({
    read: () => latest.current.read().code,
    resolve: (resolution) => {
      const d = latest.current;
      if (resolution.accepted > 0) {
        setLanded((l) => ({ seq: l.seq + 1, source: resolution.session.source }));
      }
      const projectId = d.read().projectId;
      if (projectId && resolution.files.some((f) => f.kind !== 'unchanged')) {
        resolveTreeEdit(resolution, {
          setCode: d.setCode,
          readCode: () => d.read().code,
          readTree: () => d.readTree?.() ?? null,
          setMessages: d.setMessages,
          markCurrent: d.markCurrent,
          projectId,
          onCommitted: (code) => d.onCommitted?.(code),
          onFilesChanged: () => d.onFilesChanged?.(),
          shared: d.readShared?.() ?? null,
        });
        return;
      }
      resolveEdit(resolution, {
        setCode: d.setCode,
        setMessages: d.setMessages,
        markCurrent: d.markCurrent,
        plan: d.plan,
        projectId: d.read().projectId,
        onCommitted: (code) => d.onCommitted?.(code),
        sharedMain: d.readSharedMain?.() ?? null,
      });
    },
  });
  // Leaving the page drops an answer still streaming (the server settles its meter).
  useEffect(() => () => dropper.current?.abort(), []);

  const showLimit = useCallback((isEdit: boolean) => {
    const message = isEdit ? MESSAGES.editLimit : MESSAGES.generationLimit;
    toast.error(message);
    setUpgradeMessage(message);
  }, []);

  /**
   * Sends the composer's prompt, or `request` (the preview's "Fix with AI", Edit selection)
   * leaving the composer as it is; `options` name the selected lines and the version source.
   */
  const send = useCallback(
    async (override?: string, options: EditOptions = {}) => {
      const d = latest.current;
      const { language, code, prompt, messages } = d.read();
      const request = (override ?? prompt).trim();
      if (!request || busy.current) return;
      if (review.isOpen()) {
        toast.info(REVIEW_MESSAGES.decideFirst);
        d.onEditStarted?.();
        return;
      }
      // DESIGN §3.3: a prompt sent while the editor holds code is an edit.
      const meter = aiMeterFor(code);
      const isEdit = meter === 'edit';
      if (d.plan) {
        const limit = isEdit ? d.plan.limits.editsPerMonth : d.plan.limits.generationsPerMonth;
        const remaining = isEdit ? d.plan.remaining.edits : d.plan.remaining.generations;
        if (limit !== UNLIMITED && remaining <= 0) {
          showLimit(isEdit);
          return;
        }
      }

      busy.current = true;
      setGenerating(true);
      if (override === undefined) d.setPrompt('');
      const now = new Date().toISOString();
      const answerId = localMessageId();
      const history = conversationOf(messages);
      // The chips this prompt goes with: the call carries their text, the message their names.
      const context = d.readContext?.() ?? [];
      d.setMessages((list) => [
        ...list,
        {
          id: localMessageId(),
          role: 'user',
          content: request,
          timestamp: now,
          ...(context.length > 0 ? { context: context.map(contextRefOf) } : {}),
        },
        { id: answerId, role: 'assistant', content: '', timestamp: now, streaming: true },
      ]);
      const update = (patch: Partial<ChatMessage>) =>
        d.setMessages((list) => list.map((m) => (m.id === answerId ? { ...m, ...patch } : m)));
      const urls = d.takeImageUrls(request);
      const openProject = d.read().projectId;
      const stop = new AbortController();
      const drop = new AbortController();
      stopper.current = stop;
      dropper.current = drop;

      // Deltas are applied once per frame: the chat's Markdown and the editor follow smoothly.
      let pending: string | null = null;
      let frame = 0;
      const flush = () => {
        frame = 0;
        if (pending === null) return;
        const text = pending;
        pending = null;
        update({ content: text });
        const code = genTree ? liveMainCode(text, genTree.mainPath) : partialCode(text);
        if (code !== null) setLiveCode(code);
      };

      if (isEdit) {
        review.begin({
          answerId,
          base: code,
          request,
          source: options.source ?? 'edit',
          ...(options.selection && !options.path ? { selection: options.selection } : {}),
        });
        // On a wide screen the Review tab opens in the editor column at once (editor-column.tsx);
        // the phone shows the Code tab once the answer has ended, as after a generation.
      }
      let proposal: string | null = null;
      const flushEdit = () => {
        frame = 0;
        if (pending !== null) update({ content: pending });
        if (proposal !== null) review.propose(proposal);
        pending = null;
        proposal = null;
      };

      // A saved project: the edit is across its files (issue 46), so it may add or delete one;
      // an Edit selection stays within its file. A first generation in a saved project may make several files.
      const tree = isEdit && openProject && !options.selection ? (d.readTree?.() ?? null) : null;
      const genTree = !isEdit && openProject ? (d.readTree?.() ?? null) : null;
      // Edit selection in another file than the main one: its lines, the tree as context.
      const inFile =
        isEdit && options.selection && options.path && openProject
          ? (d.readTree?.() ?? null)
          : null;
      try {
        // Either across the tree, or within one file that is not the main one.
        const across = tree;
        const within =
          inFile && options.selection && options.path && inFile.files.has(options.path)
            ? { tree: inFile, path: options.path, selection: options.selection }
            : null;
        const treeEdit = within ?? (across ? { tree: across } : null);
        if (treeEdit && openProject) {
          const call = {
            language,
            request,
            history,
            context,
            projectId: openProject,
            signal: drop.signal,
            stopSignal: stop.signal,
            onText: (text: string) => {
              pending = text;
              frame ||= requestAnimationFrame(flushEdit);
            },
          };
          const result = within
            ? await runFileSelectionEdit(within.tree, within.path, {
                ...call,
                selection: within.selection,
              })
            : await runTreeEditCall({
                ...treeEdit.tree,
                ...call,
                onProposal: (next) => {
                  proposal = next;
                  frame ||= requestAnimationFrame(flushEdit);
                },
              });
          cancelAnimationFrame(frame);
          finishTreeEdit(answerId, result, treeEdit.tree, { setMessages: d.setMessages, review });
          if (review.isOpen()) d.onEditStarted?.();
          return;
        }
        if (isEdit) {
          const result = await runEditCall({
            code,
            language,
            request,
            ...(options.selection ? { selection: options.selection } : {}),
            history,
            context,
            projectId: openProject,
            signal: drop.signal,
            stopSignal: stop.signal,
            onText: (text) => {
              pending = text;
              frame ||= requestAnimationFrame(flushEdit);
            },
            onProposal: (next) => {
              proposal = next;
              frame ||= requestAnimationFrame(flushEdit);
            },
          });
          cancelAnimationFrame(frame);
          finishEdit(answerId, result, { setMessages: d.setMessages, review });
          if (review.isOpen()) d.onEditStarted?.();
          return;
        }
        const result = await client.ai.streamText({
          messages: withContextMessages(
            withTreeRules(
              buildConversationMessages({ history, language, request, currentCode: code }),
              genTree?.mainPath,
            ),
            context,
          ),
          meter,
          ...(urls.length > 0 ? { imageUrls: urls } : {}),
          // A saved project's call counts against its workspace's plan (the owner's).
          ...(openProject ? { projectId: openProject } : {}),
          signal: drop.signal,
          stopSignal: stop.signal,
          onDelta: (_delta: string, text: string) => {
            pending = text;
            frame ||= requestAnimationFrame(flush);
          },
        });
        cancelAnimationFrame(frame);
        const done = new Date().toISOString();
        if (result.finishReason === 'stopped') {
          // Stop: charged ⇔ text was delivered; the partial code stays when code had begun.
          const partial = !result.charged
            ? null
            : genTree
              ? liveMainCode(result.text, genTree.mainPath)
              : partialCode(result.text);
          if (partial !== null) {
            d.setCode(partial);
            d.markCurrent(answerId);
          }
          d.setMessages((list) =>
            list.flatMap((m) => {
              if (m.id !== answerId) return [m];
              if (!result.text.trim()) return [];
              return [
                {
                  ...m,
                  content: result.text,
                  timestamp: done,
                  streaming: false,
                  stopped: true,
                  charged: result.charged === true,
                  codeSnapshot: partial,
                },
              ];
            }),
          );
        } else {
          const made = genTree
            ? treeGenerationOf(result.text, result.finishReason, genTree, language)
            : { code: extractCode(result.text), write: null };
          if ('refused' in made) {
            update({
              content: `${result.text}\n\n**${REVIEW_MESSAGES.refusedNote}:** ${made.refused}`,
              streaming: false,
              timestamp: done,
            });
            toast.error(made.refused);
            return;
          }
          const extracted = made.code;
          made.write?.({
            projectId: openProject!,
            request,
            onCommitted: (saved) => latest.current.onCommitted?.(saved),
            onFilesChanged: () => latest.current.onFilesChanged?.(),
            shared: latest.current.readShared?.() ?? null,
          });
          d.setCode(extracted);
          update({
            content: result.text,
            codeSnapshot: extracted,
            streaming: false,
            timestamp: done,
          });
          d.markCurrent(answerId);
          setLanded((l) => ({ seq: l.seq + 1, source: 'generate' }));
          toast.success(MESSAGES.codeGenerated);
          d.onFinished();
        }
      } catch (error) {
        cancelAnimationFrame(frame);
        if (isEdit) review.cancel();
        d.setMessages((list) => list.filter((m) => m.id !== answerId));
        if (drop.signal.aborted) return;
        const codeOf = error instanceof CodewrightError ? error.code : null;
        if (codeOf && LIMIT_CODES.has(codeOf)) showLimit(codeOf === 'EDIT_LIMIT_REACHED');
        else if (
          (codeOf === 'AI_NOT_CONFIGURED' || codeOf === 'AI_STREAM_LIMIT_REACHED') &&
          error instanceof Error
        )
          toast.error(MESSAGES.generateFailed, { description: error.message });
        else {
          console.error('Generation failed', error);
          toast.error(MESSAGES.generateFailed);
        }
      } finally {
        setLiveCode(null);
        stopper.current = null;
        dropper.current = null;
        busy.current = false;
        setGenerating(false);
        latest.current.reloadPlan();
      }
    },
    // `review`'s methods are stable callbacks.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [showLimit],
  );

  const stop = useCallback(() => stopper.current?.abort(), []);

  /** A quick fix of a preview problem, reviewed like an edit, with no model call (quick-fix.ts). */
  const quickFix = useCallback(
    (fix: QuickFix) => {
      const d = latest.current;
      if (busy.current) return;
      if (review.isOpen()) {
        toast.info(REVIEW_MESSAGES.decideFirst);
      } else {
        beginQuickFix(fix, { code: d.read().code, setMessages: d.setMessages, review });
      }
      d.onEditStarted?.();
    },
    [review],
  );

  /** A quick edit of an element selected in the preview (issue 53): reviewed, no edit used. */
  const quickEdit = useCallback(
    (edit: { path: string; title: string; code: string }) => {
      const d = latest.current;
      if (busy.current) return;
      if (review.isOpen()) {
        toast.info(REVIEW_MESSAGES.decideFirst);
      } else {
        const deps = { code: d.read().code, setMessages: d.setMessages, review };
        if (!beginQuickEdit(edit, { ...deps, tree: d.readTree?.() ?? null })) {
          toast.error(`${edit.path} is no longer a file of this project.`);
          return;
        }
      }
      d.onEditStarted?.();
    },
    [review],
  );

  return {
    generating,
    /** The code streaming into the editor, or null when none is. */
    liveCode,
    send,
    stop,
    quickFix,
    quickEdit,
    landed,
    /** The AI edit under review (hunk decisions), shared by every kind of edit. */
    review,
    upgradeMessage,
    closeUpgrade: useCallback(() => setUpgradeMessage(null), []),
  };
}
