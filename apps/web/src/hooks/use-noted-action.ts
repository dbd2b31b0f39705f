import { useCallback, useState } from 'react';
import { messageOf } from '../components/error-message.ts';

/** A form's one-line outcome (FormNote): what an action answered, or why it failed. */
export interface Note {
  tone: 'ok' | 'error';
  text: string;
}

/**
 * Runs one action at a time and keeps a note of its outcome. `running` is the key of the action
 * under way (a list of buttons tells them apart by it; `busy` is whether any runs). The note
 * becomes the text the action answers (none for null), or the failure in the user's words
 * (messageOf); `run` also answers the failure, for a caller that reacts to its code.
 */
export function useNotedAction() {
  const [running, setRunning] = useState<string | null>(null);
  const [note, setNote] = useState<Note | null>(null);
  const run = useCallback(
    async (
      action: () => Promise<string | null>,
      key = 'action',
    ): Promise<{ ok: true } | { ok: false; error: unknown }> => {
      setRunning(key);
      setNote(null);
      try {
        const text = await action();
        if (text !== null) setNote({ tone: 'ok', text });
        return { ok: true };
      } catch (error) {
        setNote({ tone: 'error', text: messageOf(error) });
        return { ok: false, error };
      } finally {
        setRunning(null);
      }
    },
    [],
  );
  return { busy: running !== null, running, note, setNote, run };
}
