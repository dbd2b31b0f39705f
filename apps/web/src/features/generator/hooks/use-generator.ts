import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import {
  MESSAGES,
  UNLIMITED,
  aiMeterFor,
  buildGenerationPrompt,
  extractCode,
  fileLoadedMessage,
} from '@codewright/contract';
import { CodewrightError, type PlanInfo, type User } from '@codewright/sdk';
import { client } from '../../../sdk.ts';
import { fromRecord, localMessageId, type ChatMessage } from '../chat.ts';
import { classifyUpload, imagePath, imagePrompt } from '../upload.ts';

/** Navigation state accepted by /generator (SPEC §2.12). */
export interface GeneratorNavState {
  projectId?: string;
  projectName?: string;
  language?: string;
  code?: string;
  initialPrompt?: string;
}

const LIMIT_CODES = new Set(['GENERATION_LIMIT_REACHED', 'EDIT_LIMIT_REACHED']);

function isAbort(error: unknown, signal: AbortSignal): boolean {
  return signal.aborted || (error instanceof Error && error.name === 'AbortError');
}

export interface GeneratorOptions {
  user: User;
  initial: GeneratorNavState;
  defaultLanguage: string;
  plan: PlanInfo | null;
  reloadPlan: () => void;
}

/** The generator's state and actions (SPEC §4.4): chat, code, streaming send, upload, save. */
export function useGenerator({
  user,
  initial,
  defaultLanguage,
  plan,
  reloadPlan,
}: GeneratorOptions) {
  const [language, setLanguage] = useState(initial.language || defaultLanguage);
  const [code, setCode] = useState(initial.code ?? '');
  const [prompt, setPrompt] = useState(initial.initialPrompt ?? '');
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [generating, setGenerating] = useState(false);
  const [uploading, setUploading] = useState(false);
  const [projectId, setProjectId] = useState<string | null>(initial.projectId ?? null);
  const [projectName, setProjectName] = useState(initial.projectName ?? '');
  const [saving, setSaving] = useState(false);
  const [upgradeMessage, setUpgradeMessage] = useState<string | null>(null);
  const [projectLimitOpen, setProjectLimitOpen] = useState(false);
  const [historyLoading, setHistoryLoading] = useState(Boolean(initial.projectId));

  const controllerRef = useRef<AbortController | null>(null);
  const generatingRef = useRef(false);
  const savedIds = useRef(new Set<string>());
  const imageUrls = useRef<string[]>([]);
  const messagesRef = useRef<ChatMessage[]>([]);
  useEffect(() => {
    messagesRef.current = messages;
  }, [messages]);

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
          for (const row of rows) savedIds.current.add(row.id);
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

  // Leaving the page stops an answer still streaming.
  useEffect(() => () => controllerRef.current?.abort(), []);

  const updateMessage = useCallback((id: string, patch: Partial<ChatMessage>) => {
    setMessages((list) => list.map((m) => (m.id === id ? { ...m, ...patch } : m)));
  }, []);

  const showLimit = useCallback((isEdit: boolean) => {
    const message = isEdit ? MESSAGES.editLimit : MESSAGES.generationLimit;
    toast.error(message);
    setUpgradeMessage(message);
  }, []);

  const send = useCallback(async () => {
    const request = prompt.trim();
    if (!request || generatingRef.current) return;
    // DESIGN §3.3: a prompt sent while the editor holds code is an edit.
    const meter = aiMeterFor(code);
    const isEdit = meter === 'edit';
    if (plan) {
      const limit = isEdit ? plan.limits.editsPerMonth : plan.limits.generationsPerMonth;
      const remaining = isEdit ? plan.remaining.edits : plan.remaining.generations;
      if (limit !== UNLIMITED && remaining <= 0) {
        showLimit(isEdit);
        return;
      }
    }

    generatingRef.current = true;
    setGenerating(true);
    setPrompt('');
    const now = new Date().toISOString();
    const userMessage: ChatMessage = {
      id: localMessageId(),
      role: 'user',
      content: request,
      timestamp: now,
    };
    const answerId = localMessageId();
    setMessages((list) => [
      ...list,
      userMessage,
      { id: answerId, role: 'assistant', content: '', timestamp: now, streaming: true },
    ]);
    const urls = imageUrls.current.filter((url) => request.includes(url));
    imageUrls.current = [];
    const controller = new AbortController();
    controllerRef.current = controller;

    try {
      const result = await client.ai.streamText({
        prompt: buildGenerationPrompt({ language, request, currentCode: code }),
        meter,
        ...(urls.length > 0 ? { imageUrls: urls } : {}),
        signal: controller.signal,
        onDelta: (_delta: string, text: string) => updateMessage(answerId, { content: text }),
      });
      const extracted = extractCode(result.text);
      setCode(extracted);
      updateMessage(answerId, {
        content: result.text,
        codeSnapshot: extracted,
        streaming: false,
        timestamp: new Date().toISOString(),
      });
      toast.success(MESSAGES.codeGenerated);
    } catch (error) {
      if (isAbort(error, controller.signal)) {
        // Stop: the partial answer stays, marked; the editor is untouched.
        setMessages((list) =>
          list.flatMap((m) => {
            if (m.id !== answerId) return [m];
            return m.content.trim() ? [{ ...m, streaming: false, stopped: true }] : [];
          }),
        );
      } else {
        setMessages((list) => list.filter((m) => m.id !== answerId));
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
      }
    } finally {
      controllerRef.current = null;
      generatingRef.current = false;
      setGenerating(false);
      reloadPlan();
    }
  }, [prompt, code, plan, language, showLimit, updateMessage, reloadPlan]);

  const stop = useCallback(() => controllerRef.current?.abort(), []);

  const rollback = useCallback((snapshot: string) => {
    setCode(snapshot);
    toast.success(MESSAGES.rolledBack);
  }, []);

  const upload = useCallback(
    async (file: File) => {
      const kind = classifyUpload(file);
      if (kind.kind === 'rejected') {
        toast.error(kind.message);
        return;
      }
      setUploading(true);
      try {
        if (kind.kind === 'code') {
          setCode(await file.text());
          toast.success(fileLoadedMessage(file.name));
        } else {
          const { publicUrl } = await client.storage.upload(
            imagePath(user.id, kind.extension),
            file,
            {
              upsert: true,
            },
          );
          imageUrls.current = [...imageUrls.current, publicUrl];
          setPrompt(imagePrompt(publicUrl));
          toast.success(MESSAGES.imageUploaded);
        }
      } catch (error) {
        console.error('Upload failed', error);
        toast.error(MESSAGES.uploadFailed);
      } finally {
        setUploading(false);
      }
    },
    [user.id],
  );

  /** Creates or updates the project, then stores every chat message not stored yet. True when done. */
  const save = useCallback(
    async (name: string): Promise<boolean> => {
      const trimmed = name.trim();
      if (!trimmed) {
        toast.error(MESSAGES.enterProjectName);
        return false;
      }
      if (!code.trim()) {
        toast.error(MESSAGES.cannotSaveEmpty);
        return false;
      }
      setSaving(true);
      const updating = projectId !== null;
      try {
        let id = projectId;
        if (id) {
          await client.db.from('projects').update({ name: trimmed, language, code }).eq('id', id);
        } else {
          const rows = await client.db.from('projects').insert({
            userId: user.id,
            name: trimmed,
            language,
            code,
            description: messagesRef.current[0]?.content ?? '',
          });
          const created = rows[0];
          if (!created) throw new Error('The server did not return the new project');
          id = created.id;
          setProjectId(id);
        }
        setProjectName(trimmed);
        for (const message of messagesRef.current) {
          if (message.streaming || savedIds.current.has(message.id)) continue;
          try {
            await client.db.from('chat_messages').insert({
              projectId: id,
              userId: user.id,
              role: message.role,
              content: message.content,
              codeSnapshot: message.codeSnapshot ?? null,
              createdAt: message.timestamp,
            });
          } catch (error) {
            console.warn('A chat message could not be stored; treated as saved', error);
          }
          savedIds.current.add(message.id);
        }
        toast.success(updating ? MESSAGES.projectUpdated : MESSAGES.projectSaved);
        return true;
      } catch (error) {
        if (error instanceof CodewrightError && error.code === 'PROJECT_LIMIT_REACHED') {
          setProjectLimitOpen(true);
        } else {
          console.error('Save failed', error);
          toast.error(MESSAGES.saveFailed);
        }
        return false;
      } finally {
        setSaving(false);
      }
    },
    [code, language, projectId, user.id],
  );

  return {
    language,
    setLanguage,
    code,
    setCode,
    prompt,
    setPrompt,
    messages,
    historyLoading,
    generating,
    uploading,
    projectId,
    projectName,
    setProjectName,
    saving,
    send,
    stop,
    rollback,
    upload,
    save,
    upgradeMessage,
    closeUpgrade: () => setUpgradeMessage(null),
    projectLimitOpen,
    closeProjectLimit: () => setProjectLimitOpen(false),
  };
}
