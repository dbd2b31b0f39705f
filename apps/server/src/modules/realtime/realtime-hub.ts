import {
  presenceColor,
  type RealtimeMessage,
  type RealtimePresenceMember,
  type RealtimeServerFrame,
} from '@codewright/contract';

/** One open websocket as the hub sees it: who it is and how to send it a frame. */
export interface HubMember {
  readonly userId: string;
  readonly name: string;
  send(frame: RealtimeServerFrame): void;
  /** A frame already written as JSON: a broadcast is serialized once for all its members. */
  sendText(text: string): void;
}

/** Presence changes on a channel within this long go out as one frame. */
export const PRESENCE_COALESCE_MS = 50;

/** Twelve colours that read on the app's dark surface; a user keeps theirs on every channel. */
export interface HubOptions {
  /**
   * This instance's presence on a channel changed (after the coalescing moment; `[]` when its
   * last member left): told to the other instances (realtime.routes.ts).
   */
  onLocalPresence?: (channel: string, members: RealtimePresenceMember[]) => void;
  now?: () => number;
}

/**
 * The channels of this process's open websockets: who is on each, with their presence, and
 * the fan-out of each kept message to the members of its channel. Authorization happens before
 * a member is added (realtime-connection.ts); the hub only keeps the books. Presence merges this
 * instance's members with what other instances last said of theirs (`setRemote`).
 */
export function createRealtimeHub(options: HubOptions = {}) {
  const now = options.now ?? Date.now;
  const channels = new Map<string, Map<HubMember, Record<string, unknown>>>();
  const announcing = new Map<string, NodeJS.Timeout>();
  /** channel → instance → its members there, and when it said so. */
  const remote = new Map<string, Map<string, { members: RealtimePresenceMember[]; at: number }>>();

  function localPresenceOf(channel: string): RealtimePresenceMember[] {
    const members = channels.get(channel);
    if (!members) return [];
    // One entry per user, however many tabs they have open: the last one's metadata.
    const byUser = new Map<string, RealtimePresenceMember>();
    for (const [member, meta] of members)
      byUser.set(member.userId, {
        userId: member.userId,
        name: member.name,
        color: presenceColor(member.userId),
        meta,
      });
    return [...byUser.values()];
  }

  function presenceOf(channel: string): RealtimePresenceMember[] {
    const all = localPresenceOf(channel);
    const seen = new Set(all.map((m) => m.userId));
    for (const { members } of remote.get(channel)?.values() ?? [])
      for (const member of members)
        if (!seen.has(member.userId)) {
          seen.add(member.userId);
          all.push(member);
        }
    return all;
  }

  function broadcast(channel: string, frame: RealtimeServerFrame): void {
    const members = channels.get(channel);
    if (!members || members.size === 0) return;
    const text = JSON.stringify(frame);
    for (const member of members.keys()) member.sendText(text);
  }

  const tellLocal = (channel: string) =>
    broadcast(channel, { type: 'presence', channel, members: presenceOf(channel) });

  /** Tells the channel (and the other instances) who is present, once for the next moment. */
  function announce(channel: string): void {
    if (announcing.has(channel)) return;
    const timer = setTimeout(() => {
      announcing.delete(channel);
      tellLocal(channel);
      options.onLocalPresence?.(channel, localPresenceOf(channel));
    }, PRESENCE_COALESCE_MS);
    timer.unref();
    announcing.set(channel, timer);
  }

  return {
    /** Adds a member to a channel (idempotent) and tells everyone there who is present. */
    join(channel: string, member: HubMember): void {
      let members = channels.get(channel);
      if (!members) channels.set(channel, (members = new Map()));
      if (!members.has(member)) members.set(member, {});
      announce(channel);
    },

    /** Removes a member from a channel; true when it was there. */
    leave(channel: string, member: HubMember): boolean {
      const members = channels.get(channel);
      if (!members?.delete(member)) return false;
      if (members.size === 0) {
        channels.delete(channel);
        clearTimeout(announcing.get(channel));
        announcing.delete(channel);
        options.onLocalPresence?.(channel, []);
      } else announce(channel);
      return true;
    },

    /** What another instance says of its members on a channel (`[]`: none left there). */
    setRemote(channel: string, origin: string, members: RealtimePresenceMember[]): void {
      let byOrigin = remote.get(channel);
      if (members.length === 0) {
        if (!byOrigin?.delete(origin)) return;
        if (byOrigin.size === 0) remote.delete(channel);
      } else {
        if (!byOrigin) remote.set(channel, (byOrigin = new Map()));
        byOrigin.set(origin, { members, at: now() });
      }
      tellLocal(channel);
    },

    /** Forgets what instances said longer ago than `maxAgeMs` (one that stopped saying it). */
    expireRemote(maxAgeMs: number): void {
      const before = now() - maxAgeMs;
      for (const [channel, byOrigin] of remote) {
        let changed = false;
        for (const [origin, said] of byOrigin)
          if (said.at < before) changed = byOrigin.delete(origin) || changed;
        if (byOrigin.size === 0) remote.delete(channel);
        if (changed) tellLocal(channel);
      }
    },

    /** This instance's presence on each channel it has members on (to say it again). */
    localPresence(): Array<[string, RealtimePresenceMember[]]> {
      return [...channels.keys()].map((channel) => [channel, localPresenceOf(channel)]);
    },

    /** Sets what a member says about itself on a channel it has joined; false when it has not. */
    setPresence(channel: string, member: HubMember, meta: Record<string, unknown>): boolean {
      const members = channels.get(channel);
      if (!members?.has(member)) return false;
      members.set(member, meta);
      announce(channel);
      return true;
    },

    /** Who is on a channel now, on every instance (one entry per user). */
    presence: presenceOf,

    /** Sends a kept message to every member of its channel, the sender's own sockets included. */
    deliver(message: RealtimeMessage): void {
      broadcast(message.channel, { type: 'message', message });
    },

    /** The channels a member is on (to re-check them when its user's roles change). */
    channelsOf(member: HubMember): string[] {
      return [...channels].filter(([, m]) => m.has(member)).map(([channel]) => channel);
    },

    /** Open connections, for the heartbeat sweep and tests. */
    get channelCount(): number {
      return channels.size;
    },
  };
}

export type RealtimeHub = ReturnType<typeof createRealtimeHub>;
