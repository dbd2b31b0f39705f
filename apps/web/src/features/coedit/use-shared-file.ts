import { useEffect, useState } from 'react';
import { COEDIT_IDLE_WRITE_MS, presenceColor } from '@codewright/contract';
import type { User } from '@codewright/sdk';
import { client } from '../../sdk.ts';
import { openSharedText, type SharedStatus, type SharedText } from './shared-text.ts';

export interface SharedFile {
  /** The file's path. */
  path: string;
  shared: SharedText;
  status: SharedStatus;
  /** In step with the server at least once: the editor may bind to it (before, it is empty). */
  synced: boolean;
  /** This member changed it within the idle write time (their presence says "editing"). */
  typing: boolean;
}

export interface SharedFileView {
  /** The shown file's shared text, once it has said where it stands; null when off. */
  file: SharedFile | null;
  /**
   * Being joined for the first time: the editor waits (read-only, a second or so), so nothing
   * typed meanwhile is lost to the text the teammates hold.
   */
  joining: boolean;
}

/** The name a member's cursor shows: their display name, or their email's first part. */
export const memberName = (user: User) => user.displayName?.trim() || user.email.split('@')[0]!;

/**
 * The shown file of a team project, shared with the teammates who have it open (issue 47,
 * docs/decisions/050): joined while `path` is shown and `enabled`, left when another file is
 * shown or the page closes. Off where the browser has no WebSocket; a join the server refuses
 * leaves the file to be edited and saved as before.
 */
export function useSharedFile(options: {
  enabled: boolean;
  projectId: string | null;
  path: string | null;
  user: User;
}): SharedFileView {
  const { enabled, projectId, path, user } = options;
  const [file, setFile] = useState<SharedFile | null>(null);
  const [unavailable, setUnavailable] = useState<string | null>(null);
  const name = memberName(user);
  const key = enabled && projectId && path ? `${projectId}\u0000${path}` : null;

  useEffect(() => {
    if (!enabled || !projectId || !path) return;
    let shared: SharedText;
    try {
      shared = openSharedText(client.realtime.document(projectId, path), {
        name,
        color: presenceColor(user.id),
      });
    } catch (error) {
      console.warn('Editing together is unavailable here', error);
      queueMicrotask(() => setUnavailable(`${projectId}\u0000${path}`));
      return;
    }
    let quiet: ReturnType<typeof setTimeout> | undefined;
    // Known to the page from its first change of status (in step, or refused).
    const stops = [
      shared.onStatus((status) =>
        setFile((was) => ({
          path,
          shared,
          status,
          synced: (was?.shared === shared && was.synced) || status === 'live',
          typing: was?.shared === shared && was.typing,
        })),
      ),
      shared.onLocalChange(() => {
        clearTimeout(quiet);
        quiet = setTimeout(
          () => setFile((was) => (was?.shared === shared ? { ...was, typing: false } : was)),
          COEDIT_IDLE_WRITE_MS,
        );
        setFile((was) => (was?.shared === shared && !was.typing ? { ...was, typing: true } : was));
      }),
    ];
    return () => {
      clearTimeout(quiet);
      for (const stop of stops) stop();
      shared.destroy();
      setFile((was) => (was?.shared === shared ? null : was));
    };
  }, [enabled, projectId, path, name, user.id]);

  const current = file && key === `${projectId}\u0000${file.path}` ? file : null;
  const joining =
    key !== null &&
    unavailable !== key &&
    !(current && (current.synced || current.status === 'refused'));
  return { file: current, joining };
}
