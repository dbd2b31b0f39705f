/**
 * POST /api/ai/{project}/object | image | speech | transcribe (SPEC §5, §7.3; DESIGN §2c;
 * docs/api.md § AI). Thin: schema, auth, the capability check (503 before anything is charged),
 * then the metered service (ai-media.service.ts). Images are stored through the app's storage
 * service; images to modify are read through the app's SSRF-safe fetcher (or, for this app's own
 * public files, straight from storage).
 * (Over 300 lines: the four media routes share one scope's multipart registration, the project-role
 * check and the reader of images to modify; each handler stays thin.)
 */
import { randomUUID } from 'node:crypto';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AI_SOURCE_IMAGE_MAX_BYTES,
  AI_TRANSCRIBE_MAX_BYTES,
  AiImageRequestSchema,
  AiImageResultSchema,
  AiMeterFieldSchema,
  AiProjectIdFieldSchema,
  AiObjectRequestSchema,
  AiObjectResultSchema,
  AiSpeechRequestSchema,
  AiTranscriptionResultSchema,
  BACKEND_UPLOAD_MAX_BYTES,
  PLAN_LIMITS,
  PlanNameSchema,
  type AiStoredImage,
  AI_SPEECH_FORMATS,
} from '@codewright/contract';
import { AppError } from '../../lib/app-error.ts';
import { assertOk, fetchFailureToAppError } from '../../lib/safe-fetch.ts';
import { principalOf } from '../auth/principal.ts';
import {
  ownKeyOfPublicUrl,
  publicUrlOf,
  storageRefOf,
  type UrlOrigin,
  urlOriginOf,
} from '../storage/storage-urls.ts';
import { storageCallerOf } from '../storage/storage-access.ts';
import type { MediaFile } from './ai-media.service.ts';
import { isAudio } from './audio-type.ts';
import { clientSignal } from '../../lib/client-signal.ts';

const params = z.object({ project: z.string() });
const SOURCE_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];
/** Images to modify are fetched this many at a time. */
const SOURCE_FETCHES_AT_ONCE = 4;

export const aiMediaRoutes: FastifyPluginAsyncZod = async (app) => {
  const media = app.aiMedia;
  const authenticated = { preHandler: [app.requireAppProject, app.authenticate] };
  const advancedOf = (plan: string | undefined) => {
    const name = PlanNameSchema.safeParse(plan);
    return PLAN_LIMITS[name.success ? name.data : 'free'].advancedAI;
  };

  /**
   * A call for a saved project: a team role that may generate there, charged to the workspace's
   * plan (its owner's); 404 when the caller has no such project. None for a call without one.
   */
  const projectAccessOf = async (userId: string, projectId: string | undefined) => {
    if (!projectId) return undefined;
    const access = await app.workspaces.projectAccess(userId, projectId, 'generate', 'ai');
    if (access === null) throw new AppError('NOT_FOUND', 404, `Project ${projectId} not found.`);
    return access;
  };

  // Registered in this scope only: the rest of the API stays JSON-only.
  await app.register(multipart, {
    throwFileSizeLimit: false,
    limits: {
      fileSize: AI_TRANSCRIBE_MAX_BYTES + 1,
      files: 1,
      fields: 2,
      parts: 3,
      fieldSize: 1024,
    },
  });

  app.post(
    '/:project/object',
    {
      ...authenticated,
      schema: { params, body: AiObjectRequestSchema, response: { 200: AiObjectResultSchema } },
    },
    async (request, reply) => {
      media.assertConfigured('object');
      const principal = principalOf(request);
      return media.object({
        userId: principal.user.id,
        advanced: advancedOf(principal.plan?.plan),
        meter: request.body.meter,
        body: request.body,
        signal: clientSignal(reply),
      });
    },
  );

  /** Reads the images to modify: this app's own public files from storage, others over the network. */
  async function loadSources(
    urls: string[],
    origin: UrlOrigin,
    userId: string,
    signal: AbortSignal,
  ): Promise<MediaFile[]> {
    const files: MediaFile[] = new Array(urls.length);
    let total = 0;
    const one = async (url: string, i: number) => {
      const field = `imageUrls.${i}`;
      let file: MediaFile;
      if (storageRefOf(url, origin)) {
        // The rule of the text call's imageUrls (ai-images.ts): one of the caller's own uploads,
        // read as the caller — never another user's file because its URL is known.
        const key = ownKeyOfPublicUrl(url, { origin, userId, field, noun: 'images' });
        const stored = await app.storage.download(userId, key).catch(() => {
          throw new AppError('VALIDATION_ERROR', 400, `${field}: ${url} was not found in storage.`);
        });
        if (
          stored.size > AI_SOURCE_IMAGE_MAX_BYTES ||
          !SOURCE_IMAGE_TYPES.includes(stored.mimeType)
        ) {
          stored.stream.destroy();
          throw new AppError(
            'VALIDATION_ERROR',
            400,
            `${field}: not a PNG, JPEG, GIF or WebP image of at most 10 MB.`,
          );
        }
        const parts: Buffer[] = [];
        for await (const chunk of stored.stream as AsyncIterable<Buffer>) parts.push(chunk);
        file = { data: new Uint8Array(Buffer.concat(parts)), mediaType: stored.mimeType };
      } else {
        try {
          const res = assertOk(
            await app.urlFetcher.fetch({
              url,
              accept: SOURCE_IMAGE_TYPES,
              maxBytes: AI_SOURCE_IMAGE_MAX_BYTES,
              signal,
            }),
            field,
          );
          file = { data: new Uint8Array(res.body), mediaType: res.mimeType };
        } catch (err) {
          throw fetchFailureToAppError(err, field);
        }
      }
      total += file.data.byteLength;
      if (total > BACKEND_UPLOAD_MAX_BYTES) {
        throw new AppError(
          'VALIDATION_ERROR',
          400,
          'imageUrls: the images add up to more than 50 MB; send fewer or smaller ones.',
        );
      }
      files[i] = file;
    };
    for (let start = 0; start < urls.length; start += SOURCE_FETCHES_AT_ONCE) {
      const batch = urls.slice(start, start + SOURCE_FETCHES_AT_ONCE);
      await Promise.all(batch.map((url, j) => one(url, start + j)));
    }
    return files;
  }

  app.post(
    '/:project/image',
    {
      ...authenticated,
      schema: { params, body: AiImageRequestSchema, response: { 200: AiImageResultSchema } },
    },
    async (request, reply) => {
      media.assertConfigured('image');
      const userId = principalOf(request).user.id;
      const origin = urlOriginOf(app.publicUrls, request.params.project);
      const { imageUrls, projectId } = request.body;
      // For a saved project: a role that may generate there; the images go to its workspace's
      // folder (private when the workspace is) and count on the workspace's plan.
      const access = projectId
        ? await app.workspaces.projectAccess(userId, projectId, 'generate', 'ai')
        : undefined;
      if (access === null) throw new AppError('NOT_FOUND', 404, `Project ${projectId} not found.`);
      const workspace = access
        ? { id: access.workspaceId, caller: storageCallerOf(app.workspaces, userId) }
        : undefined;
      // Not guessable: a file's name is the only secret of a public URL.
      const stamp = Date.now();
      const suffix = randomUUID();
      const images = await media.image<AiStoredImage>({
        userId,
        meterUserId: access?.ownerId,
        meter: request.body.meter,
        body: request.body,
        signal: clientSignal(reply),
        loadSources: imageUrls
          ? (signal) => loadSources(imageUrls, origin, userId, signal)
          : undefined,
        save: async (image, i) => {
          const ext = image.mediaType.split('/')[1]?.replace('jpeg', 'jpg') ?? 'png';
          const stored = await app.storage.saveBytes({
            userId,
            workspace,
            name: `ai-image-${stamp}-${suffix}-${i + 1}.${ext}`,
            bytes: image.data,
            publicUrlOf: (key, signed) => publicUrlOf(origin, key, signed),
          });
          return { path: stored.path, publicUrl: stored.publicUrl, mimeType: stored.mimeType };
        },
      });
      return { images };
    },
  );

  app.post(
    '/:project/speech',
    {
      ...authenticated,
      schema: { params, body: AiSpeechRequestSchema },
      config: {
        answers: {
          200: {
            description: 'The speech, in the asked format.',
            content: Object.fromEntries(
              Object.values(AI_SPEECH_FORMATS).map((type) => [type, null]),
            ),
          },
        },
      },
    },
    async (request, reply) => {
      media.assertConfigured('speech');
      const userId = principalOf(request).user.id;
      const access = await projectAccessOf(userId, request.body.projectId);
      const audio = await media.speech({
        userId,
        meterUserId: access?.ownerId,
        meter: request.body.meter,
        body: request.body,
        signal: clientSignal(reply),
      });
      return reply
        .header('content-type', audio.mediaType)
        .header('content-disposition', `inline; filename="speech.${request.body.format}"`)
        .header('cache-control', 'no-store')
        .send(Buffer.from(audio.data));
    },
  );

  app.post(
    '/:project/transcribe',
    {
      ...authenticated,
      bodyLimit: AI_TRANSCRIBE_MAX_BYTES + 1024 * 1024,
      schema: { params, response: { 200: AiTranscriptionResultSchema } },
      onRequest: async (request) => {
        if (!request.headers['content-type']?.toLowerCase().startsWith('multipart/form-data')) {
          throw new AppError(
            'UNSUPPORTED_MEDIA_TYPE',
            415,
            'Send the audio as multipart/form-data in the field "file" (and optionally "meter").',
          );
        }
      },
    },
    async (request, reply) => {
      media.assertConfigured('transcription');
      let audio: Buffer | null = null;
      let tooLarge = false;
      let meterField: unknown;
      let projectField: unknown;
      try {
        for await (const part of request.parts()) {
          if (part.type === 'file' && part.fieldname === 'file' && audio === null) {
            audio = await part.toBuffer();
            tooLarge = part.file.truncated || audio.length > AI_TRANSCRIBE_MAX_BYTES;
          } else if (part.type === 'field' && part.fieldname === 'meter') {
            meterField = part.value;
          } else if (part.type === 'field' && part.fieldname === 'projectId') {
            projectField = part.value;
          } else {
            if (part.type === 'file') part.file.resume();
            throw new AppError(
              'VALIDATION_ERROR',
              400,
              `Unknown multipart field "${part.fieldname}"; send only file, meter and projectId.`,
            );
          }
        }
      } catch (err) {
        if (err instanceof AppError) throw err;
        throw new AppError(
          'VALIDATION_ERROR',
          400,
          'The multipart body could not be read; send the audio in the field "file".',
        );
      }
      if (tooLarge) {
        throw new AppError(
          'FILE_TOO_LARGE',
          413,
          'The audio file is larger than 25 MB; send a shorter recording.',
        );
      }
      if (audio === null || audio.length === 0) {
        throw new AppError(
          'VALIDATION_ERROR',
          400,
          'Transcription needs audio: send a non-empty audio file in the field "file".',
        );
      }
      if (!isAudio(audio)) {
        throw new AppError(
          'VALIDATION_ERROR',
          400,
          'file: not an audio file we can read; send mp3, wav, webm, ogg, flac or m4a.',
        );
      }
      const meter = AiMeterFieldSchema.safeParse(meterField === '' ? undefined : meterField);
      if (!meter.success) {
        throw new AppError(
          'VALIDATION_ERROR',
          400,
          'meter: must be "generation" or "edit" (or left out: generation).',
        );
      }
      const projectId = AiProjectIdFieldSchema.optional().safeParse(projectField);
      if (!projectId.success) {
        throw new AppError(
          'VALIDATION_ERROR',
          400,
          'projectId: must be a project id (1-200 characters).',
        );
      }
      const userId = principalOf(request).user.id;
      const access = await projectAccessOf(userId, projectId.data);
      return media.transcribe({
        userId,
        meterUserId: access?.ownerId,
        meter: meter.data,
        audio: new Uint8Array(audio),
        signal: clientSignal(reply),
      });
    },
  );
};
