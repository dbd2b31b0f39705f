import { useEffect, useRef, useState } from 'react';
import type { RealtimeMessage, RealtimePresenceMember } from '@codewright/contract';
import type { RealtimeChannel } from '@codewright/sdk';
import { client } from '../../sdk.ts';

export interface ChannelView {
  /** The channel once joined (to `track` presence on it); null before, or when refused. */
  joined: RealtimeChannel | null;
  /** Who is on the channel, this user's own tabs included. */
  members: RealtimePresenceMember[];
  /** The connection dropped after the channel was joined; the SDK is joining again. */
  reconnecting: boolean;
}

/**
 * One realtime channel for as long as a screen shows it (docs/api.md § Realtime): its messages
 * go to `onMessage` (the latest one given), its presence and connection state come back.
 * Best effort: a channel that cannot be joined changes nothing else on the screen.
 */
export function useChannel(
  name: string | null,
  onMessage?: (message: RealtimeMessage) => void,
): ChannelView {
  const listener = useRef(onMessage);
  useEffect(() => {
    listener.current = onMessage;
  });
  const [joined, setJoined] = useState<RealtimeChannel | null>(null);
  const [members, setMembers] = useState<RealtimePresenceMember[]>([]);
  const [reconnecting, setReconnecting] = useState(false);

  useEffect(() => {
    if (!name) return;
    let channel: RealtimeChannel;
    try {
      channel = client.realtime.channel(name);
    } catch (error) {
      // No WebSocket in this browser: the screen works without live updates.
      console.warn('Realtime is unavailable here', error);
      return;
    }
    let live = true;
    let wasJoined = false;
    const stops = [
      channel.onMessage((message) => {
        if (live) listener.current?.(message);
      }),
      channel.onPresence((all) => {
        if (live) setMembers(all);
      }),
      channel.onStateChange((state) => {
        if (!live) return;
        if (state === 'subscribed') {
          wasJoined = true;
          setReconnecting(false);
        } else if (wasJoined && (state === 'disconnected' || state === 'connecting')) {
          // 'connected' alone after a join is the server leaving the channel for us (access
          // lost): not a reconnect.
          setReconnecting(true);
        }
      }),
    ];
    channel
      .subscribe()
      .then(() => {
        if (!live) return;
        wasJoined = true;
        setJoined(channel);
      })
      .catch(() => undefined);
    return () => {
      live = false;
      for (const stop of stops) stop();
      setJoined(null);
      setMembers([]);
      setReconnecting(false);
      void channel.unsubscribe().catch(() => undefined);
    };
  }, [name]);

  return { joined, members, reconnecting };
}

/** The payload of the server's project messages (migration 0009, docs/api.md § Realtime). */
export interface ProjectChange {
  projectId: string;
  workspaceId: string;
  name: string;
  updatedBy: string | null;
  updatedByName: string | null;
  codeChanged: boolean;
}

/** A server message about a project (project.created, .updated, .deleted), or null. */
export function projectChangeOf(
  message: RealtimeMessage,
): (ProjectChange & { event: string }) | null {
  if (message.senderId !== null || !message.event.startsWith('project.')) return null;
  const p = message.payload as Partial<ProjectChange>;
  if (typeof p.projectId !== 'string') return null;
  return {
    event: message.event,
    projectId: p.projectId,
    workspaceId: String(p.workspaceId ?? ''),
    name: String(p.name ?? ''),
    updatedBy: typeof p.updatedBy === 'string' ? p.updatedBy : null,
    updatedByName: typeof p.updatedByName === 'string' ? p.updatedByName : null,
    codeChanged: p.codeChanged === true,
  };
}
