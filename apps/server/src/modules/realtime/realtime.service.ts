import {
  parseRealtimeChannel,
  REALTIME_MESSAGES_PAGE_MAX,
  REALTIME_PAYLOAD_MAX_BYTES,
  roleCan,
  type RealtimeMessage,
  type RealtimePresenceMember,
  type RealtimeMessagesQuery,
  type RealtimePublishBody,
} from '@codewright/contract';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { WorkspaceService } from '../workspaces/workspaces.service.ts';
import { presenceEnvelope, realtimeRepository } from './realtime.repository.ts';

/** Reading a channel (joining it, its history) or writing to it (publishing). */
export type ChannelUse = 'read' | 'write';

/**
 * Who may use a channel, asked of the workspaces module on every call (docs/api.md § Realtime):
 * a project's channel is read by those who may read the project and written by those who may
 * update it; a workspace's channel is read by its members and written by those who may create
 * projects in it. Anyone else gets the same 404 as for a channel that does not exist.
 */
export async function authorizeChannel(
  workspaces: Pick<WorkspaceService, 'projectAccess' | 'roleIn'>,
  userId: string,
  channel: string,
  use: ChannelUse,
): Promise<void> {
  const { kind, id } = parseRealtimeChannel(channel);
  const notFound = () => new AppError('NOT_FOUND', 404, `Channel ${channel} not found.`);
  if (kind === 'project') {
    // 403 FORBIDDEN from projectAccess when a member's role may not update the project.
    const access = await workspaces.projectAccess(
      userId,
      id,
      use === 'read' ? 'read' : 'update',
      'project',
    );
    if (!access) throw notFound();
    return;
  }
  const role = await workspaces.roleIn(userId, id);
  if (!role || !roleCan(role, 'read', 'workspace')) throw notFound();
  if (use === 'write' && !roleCan(role, 'create', 'project'))
    throw new AppError(
      'FORBIDDEN',
      403,
      `Your role in this workspace (${role}) cannot publish here.`,
    );
}

/** Publishing and reading back the messages of channels. */
export function createRealtimeService(deps: {
  db: Database;
  workspaces: Pick<WorkspaceService, 'projectAccess' | 'roleIn'>;
  /** This instance's name in the fan-out (realtime.repository.ts): its own NOTIFYs are skipped. */
  origin: string;
}) {
  const { db, workspaces, origin } = deps;
  return {
    /** Keeps a message on a channel the caller may write to, and answers it as kept. */
    async publish(userId: string, body: RealtimePublishBody): Promise<RealtimeMessage> {
      const bytes = Buffer.byteLength(JSON.stringify(body.payload), 'utf8');
      if (bytes > REALTIME_PAYLOAD_MAX_BYTES)
        throw new AppError(
          'PAYLOAD_TOO_LARGE',
          413,
          `The payload is ${bytes} bytes; a realtime message carries at most ${REALTIME_PAYLOAD_MAX_BYTES} bytes of JSON.`,
        );
      await authorizeChannel(workspaces, userId, body.channel, 'write');
      return realtimeRepository.insert(db, { ...body, senderId: userId }, origin);
    },

    /** Tells the other instances that a user's memberships changed. */
    notifyMember(userId: string): Promise<void> {
      return realtimeRepository.notify(db, JSON.stringify({ origin, member: userId }));
    },

    /** Tells the other instances who is on a channel here (`[]`: no one any more). */
    notifyPresence(channel: string, members: RealtimePresenceMember[]): Promise<void> {
      return realtimeRepository.notify(db, presenceEnvelope(origin, channel, members));
    },

    /** Asks the other instances to say who is on their channels (this one just started). */
    askPresence(): Promise<void> {
      return realtimeRepository.notify(db, JSON.stringify({ origin, ask: true }));
    },

    /** A kept message by id (for a NOTIFY that named it); null once it has been dropped. */
    byId(id: string): Promise<RealtimeMessage | null> {
      return realtimeRepository.byId(db, id);
    },

    /** The newest kept message's id on a channel (asked after the caller joined it). */
    lastId(channel: string): Promise<string | null> {
      return realtimeRepository.lastId(db, channel);
    },

    /** The kept messages of a channel the caller may read, after `since`, oldest first. */
    async messages(userId: string, query: RealtimeMessagesQuery): Promise<RealtimeMessage[]> {
      await authorizeChannel(workspaces, userId, query.channel, 'read');
      return realtimeRepository.since(
        db,
        query.channel,
        query.since ?? null,
        query.limit ?? REALTIME_MESSAGES_PAGE_MAX,
      );
    },
  };
}

export type RealtimeService = ReturnType<typeof createRealtimeService>;
