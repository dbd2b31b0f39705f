/**
 * A project's files over the db routes (docs/api.md § Project files): the whole tree as a .zip,
 * out and in, and an accepted AI edit across files as one version. Registered by db.routes.ts,
 * inside its plugin (its error handler and hooks apply).
 */
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  FilesZipResultSchema,
  ProjectFileChangesBodySchema,
  ProjectFileChangesResultSchema,
} from '@codewright/contract';
import { AppError } from '../../lib/app-error.ts';
import type { Caller, DbService } from './db.service.ts';

/** A .zip of project files: the largest plan's 20 MB of text, compressed, with room to spare. */
export const FILES_ZIP_BODY_LIMIT_BYTES = 25 * 1024 * 1024;

const FilesParams = z.object({ project: z.string(), projectId: z.string().min(1).max(200) });

export function projectFileRoutes(
  app: Parameters<FastifyPluginAsyncZod>[0],
  deps: {
    service: DbService;
    callerOf: (request: FastifyRequest) => Caller;
    authenticated: { onRequest: Array<(request: FastifyRequest) => Promise<void>> };
    writeBodyLimit: number;
  },
) {
  const { service, callerOf, authenticated } = deps;
  // A project's files as a .zip, out and in (docs/api.md § Project files).
  app.addContentTypeParser(
    'application/zip',
    { parseAs: 'buffer', bodyLimit: FILES_ZIP_BODY_LIMIT_BYTES },
    (_request, body, done) => done(null, body),
  );
  const filesZip = '/:project/projects/:projectId/files.zip';
  app.get(
    filesZip,
    {
      ...authenticated,
      schema: { params: FilesParams },
      config: {
        answers: { 200: { description: 'The .zip', content: { 'application/zip': null } } },
      },
    },
    async (request, reply) => {
      const { name, zip } = await service.filesZip(callerOf(request), request.params.projectId);
      const ascii = name.replace(/[^A-Za-z0-9._ -]/g, '_');
      return reply
        .header('content-type', 'application/zip')
        .header(
          'content-disposition',
          `attachment; filename="${ascii}.zip"; filename*=UTF-8''${encodeURIComponent(name)}.zip`,
        )
        .send(zip);
    },
  );
  app.put(
    filesZip,
    {
      ...authenticated,
      bodyLimit: FILES_ZIP_BODY_LIMIT_BYTES,
      schema: { params: FilesParams, response: { 200: FilesZipResultSchema } },
    },
    async (request) => {
      if (!Buffer.isBuffer(request.body))
        throw new AppError(
          'UNSUPPORTED_MEDIA_TYPE',
          415,
          'Send the .zip as the request body with Content-Type: application/zip.',
        );
      return service.putFilesZip(callerOf(request), request.params.projectId, request.body);
    },
  );

  app.post(
    '/:project/projects/:projectId/files/changes',
    {
      ...authenticated,
      bodyLimit: deps.writeBodyLimit,
      schema: {
        params: FilesParams,
        body: ProjectFileChangesBodySchema,
        response: { 200: ProjectFileChangesResultSchema },
      },
    },
    async (request) =>
      service.changeFiles(callerOf(request), request.params.projectId, request.body),
  );
}
