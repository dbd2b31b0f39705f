/** Test helpers for /api/realtime (used by *.api.test.ts only). */
import { WebSocket } from 'ws';
import { expect } from 'vitest';
import type { FastifyInstance } from 'fastify';
import * as Y from 'yjs';
import * as syncProtocol from 'y-protocols/sync';
import * as decoding from 'lib0/decoding';
import * as encoding from 'lib0/encoding';
import { COEDIT_MESSAGE, COEDIT_TEXT_NAME, type RealtimeServerFrame } from '@codewright/contract';
import type { SmtpSink } from '../../../../../e2e/fixtures/smtp-sink.ts';
import { aroundTests } from '../../test/around-tests.ts';
import { createProject } from '../db/db-test-helpers.ts';
import { call, proTeam } from '../workspaces/workspace-test-helpers.ts';

/**
 * Puts `app()` on a real port for the file's tests (its websockets need TCP); answers the
 * address of its realtime websocket.
 */
export function useSocketUrl(app: () => FastifyInstance): () => string {
  const listening = aroundTests(
    'the listening address is',
    async () => app().listen({ port: 0, host: '127.0.0.1' }),
    async () => undefined,
  );
  return () => `${listening().replace('http', 'ws')}/api/realtime/codewright/ws`;
}

/** A Pro team (owner, editor, viewer, stranger) and the channel of one private project of theirs. */
export async function realtimeTeam(app: FastifyInstance, sink: SmtpSink) {
  const members = await proTeam(app, sink);
  const project = (await createProject(app, members.owner.token)) as { id: string };
  return { ...members, channel: `project:${project.id}` };
}

/** The owner removes a member from the workspace (204). */
export async function removeMember(
  app: FastifyInstance,
  ownerToken: string,
  workspaceId: string,
  userId: string,
): Promise<void> {
  const res = await call(
    app,
    'DELETE',
    `/api/workspaces/${workspaceId}/members/${userId}`,
    ownerToken,
  );
  expect(res.statusCode, res.body).toBe(204);
}

/** POST /api/realtime/codewright/publish as `token`. */
export function publishOverRest(app: FastifyInstance, token: string, body: unknown) {
  return call(app, 'POST', '/api/realtime/codewright/publish', token, body);
}

/** The user and session an access token names (to sign other tokens for them). */
export function claimsOf(token: string): { sub: string; sid: string } {
  return JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as {
    sub: string;
    sid: string;
  };
}

/** A test's realtime websocket over real TCP: frames received, and waits on them. */
export interface TestSocket {
  frames: RealtimeServerFrame[];
  send(frame: unknown): void;
  /** The first frame not yet taken by an earlier `next` that `match`es, waiting for it if need be. */
  next(
    match: (frame: RealtimeServerFrame) => boolean,
    timeoutMs?: number,
  ): Promise<RealtimeServerFrame>;
  closed: Promise<{ code: number; reason: string }>;
  close(): void;
}

/** Opens `url`; with a token, signs in with the first frame and waits for `ready`. */
export async function connectSocket(url: string, token?: string): Promise<TestSocket> {
  const ws = new WebSocket(url);
  const frames: RealtimeServerFrame[] = [];
  const waiters = new Set<() => void>();
  ws.on('message', (data) => {
    frames.push(JSON.parse(data.toString()) as RealtimeServerFrame);
    for (const wake of waiters) wake();
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() })),
  );
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  const taken = new Set<number>();
  const socket: TestSocket = {
    frames,
    send: (frame) => ws.send(typeof frame === 'string' ? frame : JSON.stringify(frame)),
    next(match, timeoutMs = 5_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const at = frames.findIndex((f, i) => !taken.has(i) && match(f));
          if (at < 0) return false;
          taken.add(at);
          waiters.delete(check);
          clearTimeout(timer);
          resolve(frames[at]!);
          return true;
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no matching frame in ${timeoutMs} ms; got ${JSON.stringify(frames)}`));
        }, timeoutMs);
        if (!check()) waiters.add(check);
      });
    },
    closed,
    close: () => ws.close(),
  };
  if (token) {
    socket.send({ type: 'auth', token });
    await socket.next((f) => f.type === 'ready');
  }
  return socket;
}

/** A signed-in websocket at `url`, subscribed to `channel`. */
export async function subscribedSocket(url: string, token: string, channel: string) {
  const socket = await connectSocket(url, token);
  socket.send({ type: 'subscribe', channel });
  await socket.next((f) => f.type === 'subscribed');
  return socket;
}

/** A member's Y.Doc joined to a project's file over `socket`, as the browser's provider does. */
export async function joinDoc(socket: TestSocket, projectId: string, path = 'main.js') {
  const doc = new Y.Doc();
  const send = (message: Uint8Array) =>
    socket.send({ type: 'doc', projectId, path, data: Buffer.from(message).toString('base64') });
  const apply = (frame: RealtimeServerFrame) => {
    if (frame.type !== 'doc') return;
    const decoder = decoding.createDecoder(new Uint8Array(Buffer.from(frame.data, 'base64')));
    if (decoding.readVarUint(decoder) !== COEDIT_MESSAGE.sync) return;
    const reply = encoding.createEncoder();
    encoding.writeVarUint(reply, COEDIT_MESSAGE.sync);
    syncProtocol.readSyncMessage(decoder, reply, doc, 'server');
    if (encoding.length(reply) > 1) send(encoding.toUint8Array(reply));
  };
  let seen = 0;
  const pump = () => {
    for (; seen < socket.frames.length; seen++) apply(socket.frames[seen]!);
  };
  doc.on('update', (update: Uint8Array, origin: unknown) => {
    if (origin === 'server') return;
    const e = encoding.createEncoder();
    encoding.writeVarUint(e, COEDIT_MESSAGE.sync);
    syncProtocol.writeUpdate(e, update);
    send(encoding.toUint8Array(e));
  });
  socket.send({ type: 'doc-join', projectId, path, ref: 'j' });
  const joined = await socket.next((f) => f.type === 'doc-joined' || f.type === 'error');
  const step1 = encoding.createEncoder();
  encoding.writeVarUint(step1, COEDIT_MESSAGE.sync);
  syncProtocol.writeSyncStep1(step1, doc);
  if (joined.type === 'doc-joined') send(encoding.toUint8Array(step1));
  const text = doc.getText(COEDIT_TEXT_NAME);
  /** The text once the frames so far are applied, polled until it is `expected` (1 s at most). */
  const settles = async (expected: string, timeout = 1_000) => {
    await expect
      .poll(
        () => {
          pump();
          return text.toString();
        },
        { timeout },
      )
      .toBe(expected);
  };
  return { doc, text, joined, settles, pump };
}
