import { describe, expect, it } from 'vitest';
import { clientWith, jsonResponse } from '../testing/recording-client.ts';
import { AiError, AuthError } from '../errors.ts';

describe('client.ai media rules of SPEC §5 (nothing is sent when they fail)', () => {
  it.each([
    [
      'object without a prompt',
      (c: ReturnType<typeof clientWith>['client']) => c.ai.object({ prompt: ' ', schema: {} }),
      /Object generation needs a prompt/,
    ],
    [
      'object without a schema object',
      (c: ReturnType<typeof clientWith>['client']) =>
        c.ai.object({ prompt: 'x', schema: [] as never }),
      /needs a JSON Schema object/,
    ],
    [
      'image without a prompt',
      (c: ReturnType<typeof clientWith>['client']) => c.ai.image({ prompt: '' }),
      /Image generation needs a prompt/,
    ],
    [
      'image with no URLs',
      (c: ReturnType<typeof clientWith>['client']) => c.ai.image({ prompt: 'x', imageUrls: [] }),
      /needs 1 to 50 image URLs/,
    ],
    [
      'image with 51 URLs',
      (c: ReturnType<typeof clientWith>['client']) =>
        c.ai.image({ prompt: 'x', imageUrls: Array(51).fill('https://a.test/x.png') }),
      /needs 1 to 50 image URLs/,
    ],
    [
      'image with an http URL',
      (c: ReturnType<typeof clientWith>['client']) =>
        c.ai.image({ prompt: 'x', imageUrls: ['http://a.test/x.png'] }),
      /imageUrls\[0\] must be an https URL ending in/,
    ],
    [
      'image with a .bmp URL',
      (c: ReturnType<typeof clientWith>['client']) =>
        c.ai.image({ prompt: 'x', imageUrls: ['https://a.test/x.png', 'https://a.test/y.bmp'] }),
      /imageUrls\[1\]/,
    ],
    [
      'speech without text',
      (c: ReturnType<typeof clientWith>['client']) => c.ai.speech({ text: '' }),
      /Speech needs text/,
    ],
    [
      'transcribe without audio',
      (c: ReturnType<typeof clientWith>['client']) => c.ai.transcribe({ audio: new Blob([]) }),
      /Transcription needs audio/,
    ],
  ])('%s', async (_name, call, message) => {
    const { client, sent } = clientWith();
    const err = await call(client).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AiError);
    expect(err).toMatchObject({ code: 'VALIDATION_ERROR', status: null });
    expect((err as Error).message).toMatch(message);
    expect(sent).toEqual([]);
  });

  it('turns failure answers into the AI family, keeping the code; a 401 stays an AuthError', async () => {
    for (const [status, code] of [
      [402, 'GENERATION_LIMIT_REACHED'],
      [503, 'AI_NOT_CONFIGURED'],
      [400, 'URL_NOT_ALLOWED'],
      [502, 'AI_PROVIDER_ERROR'],
    ] as const) {
      const { client } = clientWith(() =>
        jsonResponse(status, { error: { code, message: `m ${code}` } }),
      );
      const err = await client.ai.image({ prompt: 'x' }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(AiError);
      expect(err).toMatchObject({ code, status, message: `m ${code}` });
    }
    const { client } = clientWith(() =>
      jsonResponse(401, { error: { code: 'UNAUTHORIZED', message: 'no' } }),
    );
    const err = await client.ai.speech({ text: 'x' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AuthError);
    expect(err).toMatchObject({ code: 'TOKEN_EXPIRED' });
  });

  it('sends a transcription as multipart with the meter', async () => {
    const { client, sent } = clientWith(() => jsonResponse(200, { text: 'hi' }));
    expect(
      await client.ai.transcribe({
        audio: new Blob(['ID3x'], { type: 'audio/mpeg' }),
        meter: 'edit',
      }),
    ).toEqual({ text: 'hi' });
    const form = sent[0]?.body as FormData;
    expect(sent[0]?.url).toBe('https://cw.test/api/ai/codewright/transcribe');
    expect(form.get('meter')).toBe('edit');
    expect((form.get('file') as Blob).size).toBe(4);
  });
});
