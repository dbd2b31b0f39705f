// A generated image of a team project (docs/decisions/037): with `projectId` it is stored in the
// project's workspace folder — private (a signed URL) when the workspace is on Pro, whoever
// asked — and counted on the workspace's plan; a viewer may not make one, an outsider finds no
// project.
import { expect, it } from 'vitest';
import type { PlanInfo } from '@codewright/contract';
import { pngOf } from '../../../../../e2e/fixtures/model-media.mjs';
import { call, proTeam, useTeamServers } from '../workspaces/workspace-test-helpers.ts';

const team = useTeamServers(() => ({
  AI_IMAGE_MODEL: 'test-image',
  RATE_LIMIT_MAX: '100000',
  PUBLIC_URL: 'https://localhost',
}));

const image = (token: string, payload: Record<string, unknown>) =>
  call(team.t.app, 'POST', '/api/ai/codewright/image', token, payload);
const usageOf = async (token: string) =>
  (await call(team.t.app, 'GET', '/api/plan', token)).json<PlanInfo>().usage;

it('a Free editor’s image for a Pro team project is private in the team folder and counts on the team’s plan', async () => {
  const { owner, editor, viewer, stranger, wsId } = await proTeam(team.t.app, team.sink);
  const made = await call(team.t.app, 'POST', '/api/db/codewright/rest/v1/projects', owner.token, {
    name: 'Team site',
    language: 'JavaScript',
  });
  expect(made.statusCode, made.body).toBe(201);
  const projectId = made.json<{ id: string }[]>()[0]!.id;

  const res = await image(editor.token, { prompt: 'team logo', projectId });
  expect(res.statusCode, res.body).toBe(200);
  const [img] = res.json<{ images: { path: string; publicUrl: string }[] }>().images;
  expect(img!.path).toMatch(new RegExp(`^uploads/${wsId}/ai-image-`));
  expect(img!.publicUrl).toMatch(/\?expires=\d+&signature=[\w-]{43}$/);
  const signed = await team.t.app.inject({
    method: 'GET',
    url: img!.publicUrl.slice('https://localhost'.length),
  });
  expect(signed.statusCode).toBe(200);
  expect(signed.rawPayload).toEqual(pngOf('team logo#0'));
  const plain = await team.t.app.inject({
    method: 'GET',
    url: `/api/storage/codewright/public/${img!.path}`,
  });
  expect(plain.statusCode).toBe(404);
  // The workspace's plan pays, not the Free editor's.
  expect(await usageOf(owner.token)).toMatchObject({ generationsUsed: 1 });
  expect(await usageOf(editor.token)).toMatchObject({ generationsUsed: 0 });

  // A viewer may not generate there; an outsider finds no such project. Neither is charged.
  const asViewer = await image(viewer.token, { prompt: 'x', projectId });
  expect(asViewer.statusCode, asViewer.body).toBe(403);
  const asStranger = await image(stranger.token, { prompt: 'x', projectId });
  expect(asStranger.statusCode, asStranger.body).toBe(404);
  expect(asStranger.json().error).toEqual({
    code: 'NOT_FOUND',
    message: `Project ${projectId} not found.`,
  });
  expect(await usageOf(owner.token)).toMatchObject({ generationsUsed: 1 });
  expect(await usageOf(stranger.token)).toMatchObject({ generationsUsed: 0 });
});
