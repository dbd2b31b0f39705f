import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { MESSAGES } from '@codewright/contract';
import { CodewrightError } from '@codewright/sdk';
import { client } from '../../../sdk.ts';
import type { ChatMessage } from '../chat.ts';
import type { SaveOptions } from '../components/save-dialog.tsx';
import type { SharedWrite } from './shared-write.ts';

/** A 4xx answer other than 401: the request was refused, and its message says why. */
function isRefusal(error: unknown): error is CodewrightError {
  return (
    error instanceof CodewrightError &&
    error.status !== null &&
    error.status >= 400 &&
    error.status < 500 &&
    error.status !== 401
  );
}

export interface SaveDeps {
  userId: string;
  /** The workspace as it is now (read when a save starts). */
  read: () => {
    code: string;
    language: string;
    messages: ChatMessage[];
    projectId: string | null;
    storedIds: ReadonlySet<string>;
    /** The main file is shared with teammates: its text is saved from its document. */
    shared?: SharedWrite | null;
  };
  /** The save went through: the project's id and name, what was saved, and the stored messages. */
  onSaved: (saved: {
    projectId: string;
    name: string;
    code: string;
    language: string;
    storedIds: string[];
  }) => void;
}

/**
 * Save / Update (SPEC §4.4): create the project (its id kept, so later saves update it) or update
 * it, then store every chat message not stored yet (a failure on one is only logged, SPEC §4.4).
 * 402 PROJECT_LIMIT_REACHED opens the project limit dialog; a message from the server (a name
 * over 100 characters, say) reaches the toast under "Failed to save project".
 */
export function useProjectSave(deps: SaveDeps) {
  const [saving, setSaving] = useState(false);
  const [projectLimitOpen, setProjectLimitOpen] = useState(false);
  const latest = useRef(deps);
  const busy = useRef(false);
  useEffect(() => {
    latest.current = deps;
  });

  /**
   * Resolves true when saved; false when refused or failed (nothing lost: the work stays).
   * `options` name a new project's workspace and the visibility (docs/decisions/032).
   */
  const save = useCallback(async (name: string, options: SaveOptions = {}): Promise<boolean> => {
    const d = latest.current;
    const { code, language, messages, projectId, storedIds, shared } = d.read();
    const trimmed = name.trim();
    if (!trimmed) {
      toast.error(MESSAGES.enterProjectName);
      return false;
    }
    if (!code.trim()) {
      toast.error(MESSAGES.cannotSaveEmpty);
      return false;
    }
    if (busy.current) return false;
    busy.current = true;
    setSaving(true);
    const updating = projectId !== null;
    try {
      let id = projectId;
      if (id) {
        await client.db
          .from('projects')
          .update({
            name: trimmed,
            language,
            // A shared main file is written from its document, never over it (decision 050).
            ...(shared ? {} : { code }),
            ...(options.visibility ? { visibility: options.visibility } : {}),
          })
          .eq('id', id);
        if (shared) await shared.save({ source: 'save', expected: code });
      } else {
        const rows = await client.db.from('projects').insert({
          userId: d.userId,
          name: trimmed,
          language,
          code,
          description: messages[0]?.content ?? '',
          ...(options.workspaceId ? { workspaceId: options.workspaceId } : {}),
          ...(options.visibility ? { visibility: options.visibility } : {}),
        });
        const created = rows[0];
        if (!created) throw new Error('The server did not return the new project');
        id = created.id;
      }
      const stored: string[] = [];
      for (const message of messages) {
        if (message.streaming || storedIds.has(message.id)) continue;
        try {
          await client.db.from('chat_messages').insert({
            projectId: id,
            userId: d.userId,
            role: message.role,
            content: message.content,
            codeSnapshot: message.codeSnapshot ?? null,
            ...(message.context?.length ? { context: message.context } : {}),
            createdAt: message.timestamp,
          });
        } catch (error) {
          console.warn('A chat message could not be stored; treated as saved', error);
        }
        stored.push(message.id);
      }
      latest.current.onSaved({ projectId: id, name: trimmed, code, language, storedIds: stored });
      toast.success(updating ? MESSAGES.projectUpdated : MESSAGES.projectSaved);
      return true;
    } catch (error) {
      if (error instanceof CodewrightError && error.code === 'PROJECT_LIMIT_REACHED') {
        setProjectLimitOpen(true);
      } else if (isRefusal(error)) {
        // The server says what to fix (a name over 100 characters, a body too large…).
        toast.error(MESSAGES.saveFailed, { description: error.message });
      } else {
        console.error('Save failed', error);
        toast.error(MESSAGES.saveFailed);
      }
      return false;
    } finally {
      busy.current = false;
      setSaving(false);
    }
  }, []);

  return {
    saving,
    save,
    projectLimitOpen,
    closeProjectLimit: useCallback(() => setProjectLimitOpen(false), []),
  };
}
