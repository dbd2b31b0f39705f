/**
 * The shared documents one realtime websocket has joined (docs/decisions/050, docs/api.md §
 * Realtime "Shared documents"): `doc-join` asks the role table (read to join, write to type),
 * `doc` carries one y-protocols message each way in base64, `doc-save` writes the text to its
 * file now (a writer's), `doc-leave` lets go. A refused document message ends the connection —
 * its document may be out of step — with the reason; a refused `doc-save` is answered alone.
 */
import type { FastifyBaseLogger } from 'fastify';
import {
  COEDIT_MESSAGES_PER_10S,
  REALTIME_MAX_SUBSCRIPTIONS,
  type RealtimeClientFrame,
  type RealtimeServerFrame,
} from '@codewright/contract';
import { AppError } from '../../lib/app-error.ts';
import type { CoeditHub } from '../coedit/coedit.service.ts';
import type { ChannelUse } from './realtime.service.ts';

type DocFrame = Extract<
  RealtimeClientFrame,
  { type: 'doc-join' | 'doc' | 'doc-save' | 'doc-leave' }
>;

export interface ConnectionDocumentsDeps {
  coedit: CoeditHub;
  authorize(userId: string, channel: string, use: ChannelUse): Promise<void>;
  log: FastifyBaseLogger;
  send(frame: RealtimeServerFrame): void;
  /** Ends the connection after a refused document message. */
  close(reason: string): void;
  /** Ends the connection for sending too many document messages. */
  closeForRate(): void;
  isOpen(): boolean;
}

const RATE_WINDOW_MS = 10_000;

let connections = 0;

export function connectionDocuments(deps: ConnectionDocumentsDeps) {
  /** Joined documents, `projectId\0path` → address. */
  const docs = new Map<string, { projectId: string; path: string }>();
  const peerId = `conn-${process.pid}-${++connections}`;
  const keyOf = (projectId: string, path: string) => `${projectId}\u0000${path}`;
  let windowStart = 0;
  let inWindow = 0;
  const may = (userId: string, projectId: string, use: ChannelUse) =>
    deps
      .authorize(userId, `project:${projectId}`, use)
      .then(() => true)
      .catch(() => false);

  async function join(userId: string, frame: Extract<DocFrame, { type: 'doc-join' }>) {
    const { projectId, path } = frame;
    const ref = frame.ref ? { ref: frame.ref } : {};
    await deps.authorize(userId, `project:${projectId}`, 'read');
    const canWrite = await may(userId, projectId, 'write');
    const key = keyOf(projectId, path);
    if (docs.has(key)) return deps.send({ type: 'doc-joined', projectId, path, canWrite, ...ref });
    if (docs.size >= REALTIME_MAX_SUBSCRIPTIONS)
      throw new AppError(
        'SUBSCRIPTION_LIMIT_REACHED',
        429,
        `A connection holds at most ${REALTIME_MAX_SUBSCRIPTIONS} documents: leave one first.`,
      );
    const sendDoc = (message: Uint8Array) =>
      deps.send({ type: 'doc', projectId, path, data: Buffer.from(message).toString('base64') });
    const greeting = await deps.coedit.join(projectId, path, {
      id: peerId,
      userId,
      canWrite,
      send: sendDoc,
    });
    // Closed while joining: the document lets go of it at once.
    if (!deps.isOpen()) return deps.coedit.leave(projectId, path, peerId);
    docs.set(key, { projectId, path });
    deps.send({ type: 'doc-joined', projectId, path, canWrite, ...ref });
    greeting.forEach(sendDoc);
  }

  async function receive(frame: Extract<DocFrame, { type: 'doc' }>) {
    if (!docs.has(keyOf(frame.projectId, frame.path)))
      throw new AppError('NOT_SUBSCRIBED', 409, `Join ${frame.path} with a doc-join frame first.`);
    try {
      await deps.coedit.receive(
        frame.projectId,
        frame.path,
        peerId,
        new Uint8Array(Buffer.from(frame.data, 'base64')),
      );
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      deps.send({
        type: 'error',
        code: error.code,
        message: error.message,
        ...(frame.ref ? { ref: frame.ref } : {}),
      });
      deps.close('A document message was refused.');
    }
  }

  /**
   * Writes the document's text to its file now, as the sender — one version of the frame's source
   * and prompt — after every update it sent before (frames are handled in order, and the hub's
   * write follows them in the document's chain). A refusal answers this frame alone.
   */
  async function save(userId: string, frame: Extract<DocFrame, { type: 'doc-save' }>) {
    const { projectId, path } = frame;
    if (!docs.has(keyOf(projectId, path)))
      throw new AppError('NOT_SUBSCRIBED', 409, `Join ${path} with a doc-join frame first.`);
    // 403 FORBIDDEN for a role that may not change the project (a viewer).
    await deps.authorize(userId, `project:${projectId}`, 'write');
    await deps.coedit.save(projectId, path, {
      userId,
      ...(frame.source ? { source: frame.source } : {}),
      ...(frame.prompt !== undefined ? { prompt: frame.prompt } : {}),
    });
    deps.send({ type: 'doc-saved', projectId, path, ...(frame.ref ? { ref: frame.ref } : {}) });
  }

  return {
    /**
     * Counts a document message at `now`: typing sends one per key, so documents have their own
     * budget, past which the connection ends (false).
     */
    withinRate(now: number): boolean {
      if (now - windowStart > RATE_WINDOW_MS) [windowStart, inWindow] = [now, 0];
      inWindow += 1;
      if (inWindow <= COEDIT_MESSAGES_PER_10S) return true;
      deps.closeForRate();
      return false;
    },

    /** One document frame of a signed-in user. */
    async handle(userId: string, frame: DocFrame): Promise<void> {
      if (frame.type === 'doc-join') return join(userId, frame);
      if (frame.type === 'doc') return receive(frame);
      if (frame.type === 'doc-save') return save(userId, frame);
      if (docs.delete(keyOf(frame.projectId, frame.path)))
        await deps.coedit.leave(frame.projectId, frame.path, peerId);
      deps.send({
        type: 'doc-left',
        projectId: frame.projectId,
        path: frame.path,
        ...(frame.ref ? { ref: frame.ref } : {}),
      });
    },

    /** After a change of the user's roles: a document of a project they may no longer read is left. */
    async recheck(userId: string): Promise<void> {
      for (const [key, { projectId, path }] of [...docs]) {
        if (await may(userId, projectId, 'read')) continue;
        docs.delete(key);
        await deps.coedit.leave(projectId, path, peerId);
        deps.send({ type: 'doc-left', projectId, path });
      }
    },

    /** The connection closed: every document lets go of it. */
    leaveAll(): void {
      for (const { projectId, path } of docs.values())
        deps.coedit
          .leave(projectId, path, peerId)
          .catch((error: unknown) => deps.log.error({ err: error }, 'coedit: leaving failed'));
      docs.clear();
    },
  };
}
