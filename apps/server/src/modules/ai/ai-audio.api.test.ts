// POST /api/ai/{project}/speech and /transcribe on the real app, against the scripted
// model server (e2e/fixtures/model-server.mjs + model-media.mjs) through the real AI SDK
// providers: answers, SPEC §5 validation (400 before any charge), metering and refund on
// failure (docs/decisions/014), and 503 AI_NOT_CONFIGURED naming the capability.
// Object and the 503s: ai-media.api.test.ts; images: ai-image.api.test.ts.
import { describe, expect, it } from 'vitest';
import { mp3Of } from '../../../../../e2e/fixtures/model-media.mjs';
import { audioForm, postAi, usageOf as sharedUsageOf } from '../../test/ai-helpers.ts';
import { newSession } from '../../test/auth-helpers.ts';
import { useScriptedModelApp } from '../../test/scripted-model-app.ts';

const scripted = useScriptedModelApp({
  // Speech and transcription on their own server (the same scripted one here).
  AI_SPEECH_BASE_URL: '{model}',
  AI_SPEECH_MODEL: 'test-tts',
  AI_TRANSCRIBE_BASE_URL: '{model}',
  AI_TRANSCRIBE_MODEL: 'test-whisper',
});

const tokenOf = async (app = scripted.t) => (await newSession(app.app)).session.access_token;
const post = (token: string, path: string, payload: unknown, app = scripted.t) =>
  postAi(app.app, token, path, payload);
const usageOf = (token: string) => sharedUsageOf(scripted.t.app, token);
const transcribe = (
  token: string,
  bytes: Buffer,
  fields?: Record<string, string>,
  fileField?: string,
) => {
  const form = audioForm(bytes, fields, fileField);
  return scripted.t.app.inject({
    method: 'POST',
    url: '/api/ai/codewright/transcribe',
    headers: { authorization: `Bearer ${token}`, 'content-type': form.type },
    payload: form.payload,
  });
};

describe('POST /speech and /transcribe', () => {
  it('speaks text as mp3 in the voice alloy by default, and wav when asked', async () => {
    const token = await tokenOf();
    const res = await post(token, 'speech', { text: 'Hello from Codewright' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('audio/mpeg');
    expect(res.rawPayload.subarray(0, 3).toString('latin1')).toBe('ID3');
    expect(scripted.model.mediaRequests.at(-1)).toMatchObject({
      path: '/v1/audio/speech',
      fields: {
        model: 'test-tts',
        input: 'Hello from Codewright',
        voice: 'alloy',
        response_format: 'mp3',
      },
    });
    const wav = await post(token, 'speech', { text: 'Wave', voice: 'nova', format: 'wav' });
    expect(wav.headers['content-type']).toBe('audio/wav');
    expect(wav.rawPayload.subarray(0, 4).toString('latin1')).toBe('RIFF');
    expect(scripted.model.mediaRequests.at(-1)?.fields).toMatchObject({
      voice: 'nova',
      response_format: 'wav',
    });
    expect(await usageOf(token)).toMatchObject({ generationsUsed: 2 });
  });

  it('transcribes audio: speech made by the model comes back as its text', async () => {
    const token = await tokenOf();
    const spoken = await post(token, 'speech', { text: 'make a todo list app' });
    const res = await transcribe(token, spoken.rawPayload);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      text: 'make a todo list app',
      language: 'en',
      durationInSeconds: 0.1,
    });
    expect(scripted.model.mediaRequests.at(-1)).toMatchObject({
      path: '/v1/audio/transcriptions',
      fields: { model: 'test-whisper' },
      files: [{ field: 'file', size: spoken.rawPayload.length }],
    });
    expect((await transcribe(token, mp3Of('edit it'), { meter: 'edit' })).json().text).toBe(
      'edit it',
    );
    expect(await usageOf(token)).toMatchObject({ generationsUsed: 2, editsUsed: 1 });
  });

  it('refunds a failed speech or transcription', async () => {
    const token = await tokenOf();
    expect((await post(token, 'speech', { text: '[[error:503]]' })).statusCode).toBe(502);
    const res = await transcribe(token, mp3Of('[[error:500]]'));
    expect(res.statusCode).toBe(502);
    expect(res.json().error.code).toBe('AI_PROVIDER_ERROR');
    expect(await usageOf(token)).toMatchObject({ generationsUsed: 0 });
  });

  it('refuses bad speech bodies and bad audio with what to fix, before charging', async () => {
    const token = await tokenOf();
    const before = scripted.model.mediaRequests.length;
    for (const [body, message] of [
      [{}, /text is required/],
      [{ text: '  ' }, /text must not be blank/],
      [{ text: 'x'.repeat(4097) }, /at most 4096 characters/],
      [{ text: 'x', format: 'ogg' }, /format: must be one of mp3, opus, aac, flac, wav, pcm/],
      [{ text: 'x', voice: 'two words' }, /voice: must be a voice name/],
    ] as const) {
      const res = await post(token, 'speech', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.message).toMatch(message);
    }
    const cases: [
      Promise<{ statusCode: number; json(): { error: { message: string } } }>,
      number,
      RegExp,
    ][] = [
      [transcribe(token, Buffer.alloc(0)), 400, /Transcription needs audio/],
      [transcribe(token, Buffer.from('plain text, not audio')), 400, /not an audio file/],
      [
        transcribe(token, mp3Of('x'), { meter: 'free' }),
        400,
        /meter: must be "generation" or "edit"/,
      ],
      [transcribe(token, mp3Of('x'), {}, 'audio'), 400, /Unknown multipart field "audio"/],
      [
        transcribe(token, Buffer.concat([mp3Of('x'), Buffer.alloc(25 * 1024 * 1024)])),
        413,
        /larger than 25 MB/,
      ],
      [post(token, 'transcribe', { file: 'x' }), 415, /multipart\/form-data/],
    ];
    for (const [pending, status, message] of cases) {
      const res = await pending;
      expect(res.statusCode).toBe(status);
      expect(res.json().error.message).toMatch(message);
    }
    expect(scripted.model.mediaRequests.length).toBe(before);
    expect(await usageOf(token)).toMatchObject({ generationsUsed: 0 });
  });
});
