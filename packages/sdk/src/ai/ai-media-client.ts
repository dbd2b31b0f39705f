/**
 * `client.ai.object / image / speech / transcribe` (DESIGN §2c; docs/api.md § AI). The client
 * rules of SPEC §5 run before anything is sent (object and image need a prompt, image URLs are
 * https and end in an image extension, 1–50 of them, speech needs text, transcription needs
 * audio); every failure is an `AiError` (SPEC §8.1), a 401 an AuthError.
 */
import {
  AI_TRANSCRIBE_MAX_BYTES,
  MODIFY_IMAGE_MAX,
  imageUrlProblem,
  type AiImageResult,
  type AiTranscriptionResult,
} from '@codewright/contract';
import { AiError, familyErrorMapper } from '../errors.ts';
import type { HttpClient } from '../http.ts';
import { parseResponse } from '../response.ts';
import { appendFile, assertUploadBlob } from '../upload-form.ts';
import type { AiMediaClient, AiUsageInfo } from '../types.ts';

const invalid = (message: string) =>
  new AiError({ code: 'VALIDATION_ERROR', message, status: null });
const mapError = familyErrorMapper(AiError);

function assertText(value: unknown, field: string, what: string): asserts value is string {
  if (typeof value !== 'string' || value.trim() === '') throw invalid(`${what} needs ${field}.`);
}

/** Builds the AI media methods; `createClient` merges them into `client.ai`. */
export function createAiMediaClient(options: {
  http: HttpClient;
  projectId: string;
}): AiMediaClient {
  const { http } = options;
  const base = `/api/ai/${encodeURIComponent(options.projectId)}`;

  return {
    async capabilities(request = {}) {
      const body = await http({ path: `${base}/capabilities`, signal: request.signal, mapError });
      return parseResponse('AiCapabilitiesSchema', body);
    },

    async object<T = unknown>(params: Parameters<AiMediaClient['object']>[0]) {
      assertText(params?.prompt, 'a prompt', 'Object generation');
      if (!params.schema || typeof params.schema !== 'object' || Array.isArray(params.schema)) {
        throw invalid('Object generation needs a JSON Schema object in `schema`.');
      }
      const body = await http({
        method: 'POST',
        path: `${base}/object`,
        body: {
          prompt: params.prompt,
          schema: params.schema,
          system: params.system,
          meter: params.meter,
        },
        signal: params.signal,
        mapError,
      });
      return (await parseResponse('AiObjectResultSchema', body)) as {
        object: T;
        usage?: AiUsageInfo;
      };
    },

    async image(params): Promise<AiImageResult> {
      assertText(params?.prompt, 'a prompt', 'Image generation');
      if (params.imageUrls !== undefined) {
        const urls = params.imageUrls;
        if (!Array.isArray(urls) || urls.length === 0 || urls.length > MODIFY_IMAGE_MAX) {
          throw invalid(`Image modification needs 1 to ${MODIFY_IMAGE_MAX} image URLs.`);
        }
        urls.forEach((url, i) => {
          const problem = imageUrlProblem(url);
          if (problem) throw invalid(`imageUrls[${i}] ${problem}.`);
        });
      }
      const body = await http({
        method: 'POST',
        path: `${base}/image`,
        body: {
          prompt: params.prompt,
          imageUrls: params.imageUrls,
          size: params.size,
          n: params.n,
          meter: params.meter,
          projectId: params.projectId,
        },
        signal: params.signal,
        mapError,
      });
      return parseResponse('AiImageResultSchema', body);
    },

    async speech(params) {
      assertText(params?.text, 'text', 'Speech');
      return http<Blob>({
        method: 'POST',
        path: `${base}/speech`,
        body: {
          text: params.text,
          voice: params.voice,
          format: params.format,
          meter: params.meter,
          projectId: params.projectId,
        },
        headers: { Accept: 'audio/*' },
        responseType: 'blob',
        signal: params.signal,
        mapError,
      });
    },

    async transcribe(params): Promise<AiTranscriptionResult> {
      const audio = params?.audio;
      assertUploadBlob(AiError, audio, AI_TRANSCRIBE_MAX_BYTES, {
        missing: 'Transcription needs audio: pass a non-empty recording as `audio`.',
        tooLarge: 'The audio file is larger than 25 MB; send a shorter recording.',
      });
      const form = new FormData();
      if (params.meter) form.append('meter', params.meter);
      if (params.projectId) form.append('projectId', params.projectId);
      appendFile(form, audio, 'audio');
      const body = await http({
        method: 'POST',
        path: `${base}/transcribe`,
        body: form,
        signal: params.signal,
        mapError,
      });
      return parseResponse('AiTranscriptionResultSchema', body);
    },
  };
}
