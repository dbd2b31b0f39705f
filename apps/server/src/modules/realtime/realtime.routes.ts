import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  REALTIME_CLOSE,
  REALTIME_TIMEOUT_MS,
  RealtimeMessageListSchema,
  RealtimeMessageSchema,
  RealtimeMessagesQuerySchema,
  RealtimePresenceListSchema,
  RealtimePresenceQuerySchema,
  RealtimePublishBodySchema,
  type RealtimePublishBody,
} from '@codewright/contract';
import { AppError } from '../../lib/app-error.ts';
import { principalOf } from '../auth/principal.ts';
import { openConnection, type RealtimeConnection } from './realtime-connection.ts';
import { createRealtimeHub } from './realtime-hub.ts';
import { authorizeChannel, createRealtimeService } from './realtime.service.ts';
import { listenForFanout } from './realtime.repository.ts';

const ProjectParams = z.object({ project: z.string() });

export interface RealtimeRoutesOptions {
  /** A websocket silent for two of these (ms) is closed (REALTIME_HEARTBEAT_MS). */
  heartbeatMs: number;
}

/**
 * /api/realtime/{project} (DESIGN §2c, docs/api.md § Realtime): the websocket, publish, who is
 * present, and what a channel kept since an id. Messages reach the websockets of every instance
 * on the same database (PostgreSQL LISTEN/NOTIFY), and so does who is present.
 */
export const realtimeRoutes: FastifyPluginAsyncZod<RealtimeRoutesOptions> = async (
  app,
  options,
) => {
  const origin = randomUUID();
  const service = createRealtimeService({ db: app.db, workspaces: app.workspaces, origin });
  const told = (what: string) => (error: unknown) =>
    app.log.error({ err: error }, `realtime ${what} notice failed`);
  const hub = createRealtimeHub({
    onLocalPresence: (channel, members) =>
      void service.notifyPresence(channel, members).catch(told('presence')),
  });
  /** Says again who is on each channel here (asked by a new instance, and every heartbeat). */
  const sayPresence = () => {
    for (const [channel, members] of hub.localPresence())
      void service.notifyPresence(channel, members).catch(told('presence'));
  };
  // What other instances on this database keep reaches the websockets of this one too, and who
  // is on their channels joins the presence of this one's.
  const fanout = listenForFanout({
    connection: app.dbPool.options,
    origin,
    onListening: () => void service.askPresence().catch(told('presence')),
    onEnvelope: (envelope) => {
      if ('message' in envelope) return hub.deliver(envelope.message);
      if ('member' in envelope) return recheckUser(envelope.member);
      if ('presence' in envelope)
        return hub.setRemote(envelope.presence.channel, envelope.origin, envelope.presence.members);
      if ('ask' in envelope) return sayPresence();
      void service
        .byId(envelope.id)
        .then((message) => message && hub.deliver(message))
        .catch((error: unknown) => app.log.error({ err: error }, 'realtime fan-out read failed'));
    },
    onError: (error) => app.log.warn({ err: error }, 'realtime fan-out connection'),
  });
  const connections = new Set<RealtimeConnection>();
  const authorize = (userId: string, channel: string, use: 'read' | 'write') =>
    authorizeChannel(app.workspaces, userId, channel, use);
  const publish = async (userId: string, body: RealtimePublishBody) => {
    const message = await service.publish(userId, body);
    hub.deliver(message);
    return message;
  };
  const authenticated = { onRequest: [app.requireAppProject, app.authenticate] };

  // A member removed from a workspace, or given a lower role, leaves its channels at once, on
  // this instance and (told over NOTIFY) every other.
  function recheckUser(userId: string) {
    for (const connection of connections)
      if (connection.signedInAs === userId)
        void connection.recheck().catch((error: unknown) => app.log.error({ err: error }));
  }
  const stopMembers = app.workspaces.onMembershipChanged((userId) => {
    recheckUser(userId);
    void service.notifyMember(userId).catch(told('member'));
  });
  // A connection that sent nothing (not even a ping) for two heartbeats is gone. Each instance
  // says who is on its channels every heartbeat; what one has not said for 2.5 is forgotten (an
  // instance that stopped).
  const sweep = setInterval(() => {
    const silentSince = Date.now() - 2 * options.heartbeatMs;
    for (const connection of connections)
      if (connection.lastSeen < silentSince)
        connection.close(REALTIME_CLOSE.heartbeatMissed, 'No heartbeat: reconnect.');
    sayPresence();
    hub.expireRemote(2.5 * options.heartbeatMs);
  }, options.heartbeatMs);
  sweep.unref();
  app.addHook('onClose', async () => {
    stopMembers();
    clearInterval(sweep);
    await fanout.close();
  });

  app.route({
    method: 'GET',
    url: '/:project/ws',
    onRequest: [app.requireAppProject],
    schema: { params: ProjectParams },
    config: {
      answers: {
        101: { description: 'Switching to the realtime WebSocket (docs/realtime.md).' },
      },
    },
    // A plain GET (no upgrade) is told what to do instead of a bare 404.
    handler: async () => {
      throw new AppError('UPGRADE_REQUIRED', 426);
    },
    wsHandler: (socket) => {
      const connection = openConnection(
        socket,
        {
          principalForToken: (token) => app.principalForToken(token),
          authorize,
          publish,
          hub,
          coedit: app.coedit,
          lastId: (channel) => service.lastId(channel),
          authTimeoutMs: REALTIME_TIMEOUT_MS,
          log: app.log,
        },
        (closed) => connections.delete(closed),
      );
      connections.add(connection);
    },
  });

  app.post(
    '/:project/publish',
    {
      ...authenticated,
      schema: {
        params: ProjectParams,
        body: RealtimePublishBodySchema,
        response: { 201: RealtimeMessageSchema },
      },
    },
    async (request, reply) => {
      const message = await publish(principalOf(request).user.id, request.body);
      return reply.code(201).send(message);
    },
  );

  app.get(
    '/:project/presence',
    {
      ...authenticated,
      schema: {
        params: ProjectParams,
        querystring: RealtimePresenceQuerySchema,
        response: { 200: RealtimePresenceListSchema },
      },
    },
    async (request) => {
      await authorize(principalOf(request).user.id, request.query.channel, 'read');
      return { members: hub.presence(request.query.channel) };
    },
  );

  app.get(
    '/:project/messages',
    {
      ...authenticated,
      schema: {
        params: ProjectParams,
        querystring: RealtimeMessagesQuerySchema,
        response: { 200: RealtimeMessageListSchema },
      },
    },
    async (request) => ({
      messages: await service.messages(principalOf(request).user.id, request.query),
    }),
  );
};
