// Speech and transcription for a team project (docs/decisions/026): with `projectId` (JSON field
// for /speech, multipart field for /transcribe) the call counts on the workspace's plan, not the
// Free member's; a viewer may not make one (403), an outsider finds no project (404), a bad id
// is a 400, and none of them is charged.
import { expect, it } from 'vitest';
import { mp3Of } from '../../../../../e2e/fixtures/model-media.mjs';
import { audioForm, usageOf as sharedUsageOf } from '../../test/ai-helpers.ts';
import { call, proTeam, useTeamServers } from '../workspaces/workspace-test-helpers.ts';

const team = useTeamServers((url) => ({
  AI_SPEECH_BASE_URL: url,
  AI_SPEECH_MODEL: 'test-tts',
  AI_TRANSCRIBE_BASE_URL: url,
  AI_TRANSCRIBE_MODEL: 'test-whisper',
  RATE_LIMIT_MAX: '100000',
}));

const usageOf = (token: string) => sharedUsageOf(team.t.app, token);
const speech = (token: string, payload: Record<string, unknown>) =>
  call(team.t.app, 'POST', '/api/ai/codewright/speech', token, payload);
const transcribe = (token: string, fields: Record<string, string>) => {
  const form = audioForm(mp3Of('team words'), fields);
  return team.t.app.inject({
    method: 'POST',
    url: '/api/ai/codewright/transcribe',
    headers: { authorization: `Bearer ${token}`, 'content-type': form.type },
    payload: form.payload,
  });
};

it('a Free editor’s speech and transcription for a Pro team project count on the team’s plan', async () => {
  const { owner, editor, viewer, stranger } = await proTeam(team.t.app, team.sink);
  const made = await call(team.t.app, 'POST', '/api/db/codewright/rest/v1/projects', owner.token, {
    name: 'Team voice',
    language: 'JavaScript',
  });
  expect(made.statusCode, made.body).toBe(201);
  const projectId = made.json<{ id: string }[]>()[0]!.id;

  const spoken = await speech(editor.token, { text: 'Hello team', projectId });
  expect(spoken.statusCode, spoken.body).toBe(200);
  const heard = await transcribe(editor.token, { meter: 'edit', projectId });
  expect(heard.statusCode, heard.body).toBe(200);
  expect(await usageOf(owner.token)).toMatchObject({ generationsUsed: 1, editsUsed: 1 });
  expect(await usageOf(editor.token)).toMatchObject({ generationsUsed: 0, editsUsed: 0 });

  // Without projectId: the caller's own plan, as before.
  expect((await speech(editor.token, { text: 'Mine' })).statusCode).toBe(200);
  expect(await usageOf(editor.token)).toMatchObject({ generationsUsed: 1 });

  // A viewer may not; an outsider finds no project; a bad id is refused. None is charged.
  for (const [res, status, code] of [
    [await speech(viewer.token, { text: 'x', projectId }), 403, 'FORBIDDEN'],
    [await transcribe(viewer.token, { projectId }), 403, 'FORBIDDEN'],
    [await speech(stranger.token, { text: 'x', projectId }), 404, 'NOT_FOUND'],
    [await transcribe(stranger.token, { projectId }), 404, 'NOT_FOUND'],
    [await speech(editor.token, { text: 'x', projectId: '' }), 400, 'VALIDATION_ERROR'],
    [await transcribe(editor.token, { projectId: 'p'.repeat(201) }), 400, 'VALIDATION_ERROR'],
  ] as const) {
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json<{ error: { code: string } }>().error.code).toBe(code);
  }
  expect(await usageOf(owner.token)).toMatchObject({ generationsUsed: 1, editsUsed: 1 });
  expect(await usageOf(viewer.token)).toMatchObject({ generationsUsed: 0, editsUsed: 0 });
  expect(await usageOf(stranger.token)).toMatchObject({ generationsUsed: 0, editsUsed: 0 });
  expect(await usageOf(editor.token)).toMatchObject({ generationsUsed: 1, editsUsed: 0 });
});
