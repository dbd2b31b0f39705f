import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AcceptInvitationBodySchema,
  AcceptInvitationResultSchema,
  InvitationPreviewQuerySchema,
  InvitationPreviewSchema,
  InvitationSchema,
  InviteBodySchema,
  PlanInfoSchema,
  RoleChangeBodySchema,
  WorkspaceListSchema,
  WorkspaceMembersSchema,
} from '@codewright/contract';
import type { AbuseLimits } from '../auth/abuse-limits.ts';
import { principalOf } from '../auth/principal.ts';
import { NO_CONTENT } from '../../lib/answers.ts';

const WorkspaceParams = z.object({ workspaceId: z.string().min(1).max(200) });
const InvitationParams = WorkspaceParams.extend({ invitationId: z.string().min(1).max(200) });
const MemberParams = WorkspaceParams.extend({ userId: z.string().min(1).max(200) });

/**
 * /api/workspaces and /api/invitations (docs/api.md § Workspaces): thin routes; every rule
 * (permission table, plan's member count, single-use links) is in workspaces.service.ts.
 */
export const workspacesRoutes: FastifyPluginAsyncZod<{
  /** The per-IP limits of the sign-in routes, which the public invitation preview shares. */
  limits: AbuseLimits;
}> = async (app, options) => {
  const service = app.workspaces;
  const authenticated = { onRequest: [app.authenticate] };

  app.get(
    '/workspaces',
    { ...authenticated, schema: { response: { 200: WorkspaceListSchema } } },
    async (request) => ({ workspaces: await service.list(principalOf(request).user.id) }),
  );

  app.get(
    '/workspaces/:workspaceId/members',
    {
      ...authenticated,
      schema: { params: WorkspaceParams, response: { 200: WorkspaceMembersSchema } },
    },
    async (request) => service.members(principalOf(request).user.id, request.params.workspaceId),
  );

  // The workspace's plan and usage: its owner's (docs/decisions/026), for every member to see.
  app.get(
    '/workspaces/:workspaceId/plan',
    { ...authenticated, schema: { params: WorkspaceParams, response: { 200: PlanInfoSchema } } },
    async (request) => {
      const ws = await service.forMember(principalOf(request).user.id, request.params.workspaceId);
      return app.planService.getPlanInfo(ws.ownerId);
    },
  );

  app.post(
    '/workspaces/:workspaceId/invitations',
    {
      ...authenticated,
      schema: {
        params: WorkspaceParams,
        body: InviteBodySchema,
        response: { 201: InvitationSchema },
      },
    },
    async (request, reply) => {
      const invitation = await service.invite(
        principalOf(request).user.id,
        request.params.workspaceId,
        request.body,
      );
      return reply.code(201).send(invitation);
    },
  );

  app.post(
    '/workspaces/:workspaceId/invitations/:invitationId/resend',
    { ...authenticated, schema: { params: InvitationParams, response: { 200: InvitationSchema } } },
    async (request) =>
      service.resend(
        principalOf(request).user.id,
        request.params.workspaceId,
        request.params.invitationId,
      ),
  );

  app.delete(
    '/workspaces/:workspaceId/invitations/:invitationId',
    { ...authenticated, schema: { params: InvitationParams }, config: { answers: NO_CONTENT } },
    async (request, reply) => {
      await service.revoke(
        principalOf(request).user.id,
        request.params.workspaceId,
        request.params.invitationId,
      );
      return reply.code(204).send();
    },
  );

  app.patch(
    '/workspaces/:workspaceId/members/:userId',
    {
      ...authenticated,
      schema: { params: MemberParams, body: RoleChangeBodySchema },
      config: { answers: NO_CONTENT },
    },
    async (request, reply) => {
      await service.changeRole(
        principalOf(request).user.id,
        request.params.workspaceId,
        request.params.userId,
        request.body.role,
      );
      return reply.code(204).send();
    },
  );

  app.delete(
    '/workspaces/:workspaceId/members/:userId',
    { ...authenticated, schema: { params: MemberParams }, config: { answers: NO_CONTENT } },
    async (request, reply) => {
      await service.removeMember(
        principalOf(request).user.id,
        request.params.workspaceId,
        request.params.userId,
      );
      return reply.code(204).send();
    },
  );

  // Public: the link's page names inviter, workspace and role before sign-in. Counted per IP
  // before validation, so guessing tokens (well-formed or not) meets the limit of sign-in.
  app.get(
    '/invitations/preview',
    {
      onRequest: async (request) => options.limits.check('invitation', request.ip),
      schema: {
        querystring: InvitationPreviewQuerySchema,
        response: { 200: InvitationPreviewSchema },
      },
    },
    async (request, reply) => {
      const preview = await service.preview(request.query.token);
      return reply.header('cache-control', 'no-store').send(preview);
    },
  );

  app.post(
    '/invitations/accept',
    {
      ...authenticated,
      schema: { body: AcceptInvitationBodySchema, response: { 200: AcceptInvitationResultSchema } },
    },
    async (request) => {
      const { user } = principalOf(request);
      return { workspace: await service.accept(user, request.body.token) };
    },
  );
};
