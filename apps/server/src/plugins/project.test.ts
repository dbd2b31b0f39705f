import { describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import errorsPlugin from './errors.ts';
import projectPlugin, { isAppProject } from './project.ts';

describe('APP_PROJECT_ID path check', () => {
  it('accepts only the configured project id', () => {
    expect(isAppProject('codewright', 'codewright')).toBe(true);
    expect(isAppProject('other', 'codewright')).toBe(false);
    expect(isAppProject(undefined, 'codewright')).toBe(false);
  });

  it('answers 404 NOT_FOUND for another {project}', async () => {
    const app = Fastify();
    await app.register(errorsPlugin);
    await app.register(projectPlugin, { appProjectId: 'codewright' });
    app.get('/api/x/:project/thing', { preHandler: app.requireAppProject }, async () => ({
      ok: true,
    }));
    expect((await app.inject('/api/x/codewright/thing')).json()).toEqual({ ok: true });
    const res = await app.inject('/api/x/someone-else/thing');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Not found.' } });
    await app.close();
  });
});
