import type { Readable } from 'node:stream';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  FileUrlResultSchema,
  fileTooLargeMessage,
  RemoveBodySchema,
  RemoveResultSchema,
  UploadOptionsSchema,
  UploadResultSchema,
} from '@codewright/contract';
import { AppError, isAppError } from '../../lib/app-error.ts';
import { noteStreamedBytes } from '../../lib/young-garbage.ts';
import { principalOf } from '../auth/principal.ts';
import { servedContentType } from './file-type.ts';
import type { FileUrlOf, StagedUpload, StoredFile } from './storage.service.ts';
import { assertValidPath } from './storage-path.ts';
import { assertMayUpload, type StorageCaller, storageCallerOf } from './storage-access.ts';
import { publicUrlOf as publicUrl, SIGNED_URL_PARAMS, urlOriginOf } from './storage-urls.ts';

/** The routes use the app's one storage service, `app.storage` (storage.plugin.ts). */
export type StorageRoutesOptions = Record<never, never>;

/** Room for the multipart envelope and the path/options fields around a file at the limit. */
const MULTIPART_OVERHEAD_BYTES = 1024 * 1024;

/** Every file answer: no sniffing, no scripts, nothing embedded but images. */
const FILE_CSP = "default-src 'none'; img-src 'self'; sandbox";

const uploadFieldsProblem = (name: string) =>
  `Unknown multipart field "${name}"; send only file, path and options.`;

function multipartError(err: unknown): unknown {
  if (isAppError(err)) return err;
  const code = (err as { code?: string }).code;
  const message =
    code === 'FST_FILES_LIMIT'
      ? 'Send exactly one file per upload, in the field "file".'
      : code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT'
        ? 'Too many multipart fields; send only file, path and options.'
        : code === 'FST_INVALID_MULTIPART_CONTENT_TYPE'
          ? 'Send the upload as multipart/form-data.'
          : 'The multipart body could not be read; send file, path and options as multipart/form-data.';
  return new AppError('VALIDATION_ERROR', 400, message);
}

function sendFile(reply: FastifyReply, file: StoredFile, cacheControl: string) {
  // A user's file is never active content on our origin (DESIGN §3.12): only raster
  // images show inline; scripts, styles and pages go out as octet-stream attachments.
  return reply
    .header('content-type', servedContentType(file.mimeType, file.inline))
    .header('content-length', String(file.size))
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', FILE_CSP)
    .header('cache-control', cacheControl)
    .header(
      'content-disposition',
      // File names are limited to [A-Za-z0-9._-], so no quoting is needed.
      `${file.inline ? 'inline' : 'attachment'}; filename="${file.fileName}"`,
    )
    .send(file.stream);
}

/** Reads a stream to its end without keeping it (the rest of a refused upload). */
async function drain(stream: Readable): Promise<void> {
  stream.resume();
  await new Promise<void>((resolve) => {
    stream.once('end', resolve);
    stream.once('close', resolve);
    stream.once('error', () => resolve());
  });
}

/** The caller of one request, through the workspaces module (docs/decisions/032). */
function callerOf(app: FastifyInstance, request: FastifyRequest): StorageCaller {
  return storageCallerOf(app.workspaces, principalOf(request).user.id);
}

/** /api/storage/{project}: upload, download, remove and public files (SPEC §7.3, DESIGN §2b). */
export const storageRoutes: FastifyPluginAsyncZod<StorageRoutesOptions> = async (app) => {
  const service = app.storage;
  const hardLimit = service.maxBytes + MULTIPART_OVERHEAD_BYTES;

  // Registered in this scope only: the rest of the API stays JSON-only.
  await app.register(multipart, {
    // Busboy cuts a file off at this size; the service counts the rest for the message.
    throwFileSizeLimit: false,
    limits: {
      fileSize: hardLimit,
      files: 1,
      fields: 4,
      parts: 6,
      fieldSize: 16 * 1024,
      headerPairs: 100,
    },
  });

  const project = { preHandler: [app.requireAppProject] };
  const authenticated = { preHandler: [app.requireAppProject, app.authenticate] };
  const publicUrlOf =
    (request: FastifyRequest): FileUrlOf =>
    (key, signed) =>
      publicUrl(
        urlOriginOf(app.publicUrls, (request.params as { project: string }).project),
        key,
        signed,
      );

  app.post(
    '/upload',
    {
      ...authenticated,
      // Multipart bodies are streamed, not parsed against bodyLimit; this only
      // documents the size a request to this route may reach.
      bodyLimit: hardLimit,
      schema: { response: { 201: UploadResultSchema } },
      onRequest: async (request) => {
        if (!request.headers['content-type']?.toLowerCase().startsWith('multipart/form-data')) {
          throw new AppError(
            'UNSUPPORTED_MEDIA_TYPE',
            415,
            'Send the upload as multipart/form-data with the fields file, path and options.',
          );
        }
        const declared = Number(request.headers['content-length']);
        if (Number.isFinite(declared) && declared > hardLimit) {
          // Refused before reading a byte; the connection closes instead of draining gigabytes.
          throw new AppError('FILE_TOO_LARGE', 413, fileTooLargeMessage(declared), undefined, {
            connection: 'close',
          });
        }
      },
    },
    async (request, reply) => {
      const caller = callerOf(app, request);
      let path: unknown;
      let optionsText: string | undefined;
      let staged: StagedUpload | undefined;
      let truncated = false;
      let problem: AppError | undefined;
      const refuse = (err: unknown) => {
        problem ??= isAppError(err) ? err : new AppError('VALIDATION_ERROR', 400, String(err));
      };
      const parts = request.parts();
      // (The 'data' listener starts the flow on the next tick; the loop below pipes into the
      // parser within this tick, so no chunk is missed.)
      // A body without Content-Length (chunked) is cut off once it passes the hard limit.
      // Each chunk is Node's own copy, dead once the parser has passed it on: counted so the
      // copies are freed as the upload goes, not 30 MB later (lib/young-garbage.ts).
      let received = 0;
      request.raw.on('data', (chunk: Buffer) => {
        received += chunk.length;
        noteStreamedBytes(chunk.length);
        if (received > hardLimit + MULTIPART_OVERHEAD_BYTES) request.raw.destroy();
      });

      try {
        for await (const part of parts) {
          if (part.type === 'file') {
            if (part.fieldname !== 'file') refuse(uploadFieldsProblem(part.fieldname));
            if (problem) {
              await drain(part.file);
              continue;
            }
            staged = await service.stageUpload(part.file);
            truncated = part.file.truncated;
          } else if (part.fieldname === 'path') {
            path = part.value;
            // Known before the file: refuse early and never write the file.
            if (!staged) {
              try {
                await assertMayUpload(assertValidPath(path), caller, 'create');
              } catch (err) {
                refuse(err);
              }
            }
          } else if (part.fieldname === 'options') {
            optionsText = typeof part.value === 'string' ? part.value : JSON.stringify(part.value);
          } else {
            refuse(new AppError('VALIDATION_ERROR', 400, uploadFieldsProblem(part.fieldname)));
          }
        }
      } catch (err) {
        if (staged) await service.discard(staged);
        throw multipartError(err);
      }

      if (problem || !staged) {
        if (staged) await service.discard(staged);
        throw (
          problem ??
          new AppError(
            'VALIDATION_ERROR',
            400,
            'A file is required: send it in the multipart field "file".',
          )
        );
      }
      let uploadOptions;
      try {
        const parsed = UploadOptionsSchema.safeParse(optionsText ? JSON.parse(optionsText) : {});
        if (!parsed.success) throw new Error();
        uploadOptions = parsed.data;
      } catch {
        await service.discard(staged);
        throw new AppError(
          'VALIDATION_ERROR',
          400,
          'options must be JSON like {"upsert": true, "contentType": "image/png"}.',
        );
      }
      const declared = Number(request.headers['content-length']);
      const result = await service.commitUpload({
        caller,
        staged,
        path,
        options: uploadOptions,
        publicUrlOf: publicUrlOf(request),
        declaredSize: truncated && Number.isFinite(declared) ? declared : undefined,
      });
      return reply.code(201).send(result);
    },
  );

  app.get(
    '/download',
    {
      ...authenticated,
      schema: { querystring: z.object({ path: z.string().optional() }) },
      config: {
        answers: { 200: { description: 'The file, as its own type.', content: { '*/*': null } } },
      },
    },
    async (request, reply) => {
      const file = await service.download(callerOf(app, request), request.query.path);
      return sendFile(reply, file, 'private, no-store');
    },
  );

  // A fresh URL of a file the caller may read: how a member gets a new signed URL once the one
  // handed out at upload has expired (docs/decisions/037).
  app.get(
    '/url',
    {
      ...authenticated,
      schema: {
        querystring: z.object({ path: z.string().optional() }),
        response: { 200: FileUrlResultSchema },
      },
    },
    async (request) =>
      service.readableUrl(callerOf(app, request), request.query.path, publicUrlOf(request)),
  );

  app.delete(
    '/remove',
    { ...authenticated, schema: { body: RemoveBodySchema, response: { 200: RemoveResultSchema } } },
    async (request) => {
      const removed = await service.remove(callerOf(app, request), request.body.paths);
      // Nothing the caller may remove was there: a missing file (or someone else's) is 404.
      if (removed.length === 0) throw new AppError('FILE_NOT_FOUND');
      return { removed };
    },
  );

  // A file of a public folder, or of a private one with a valid signature (docs/decisions/037).
  // The query values are checked by the signer: anything else (none, repeated, malformed) is
  // simply not a valid signature.
  app.get(
    '/public/*',
    {
      ...project,
      config: {
        answers: { 200: { description: 'The file, as its own type.', content: { '*/*': null } } },
      },
    },
    async (request, reply) => {
      const query = request.query as Record<string, unknown>;
      const signed = {
        expires: query[SIGNED_URL_PARAMS.expires],
        signature: query[SIGNED_URL_PARAMS.signature],
      };
      const file = await service.openPublic((request.params as { '*': string })['*'], signed);
      // A signed answer is one reader's: no shared cache keeps it past the URL's expiry.
      return sendFile(
        reply,
        file,
        signed.signature === undefined ? 'public, max-age=60' : 'private, max-age=60',
      );
    },
  );
};
