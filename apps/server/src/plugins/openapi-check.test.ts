import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { NO_CONTENT } from '../lib/answers.ts';
import { checkAnswerDocumented } from './openapi-check.ts';

const Greeting = z.object({ hello: z.string() });

/** A bare app with the check: each route sends what its name says. */
const app = Fastify();
app.addHook('onSend', checkAnswerDocumented);
const json = { 200: { description: 'A greeting.', content: { 'application/json': Greeting } } };
app.get('/api/undocumented', async () => ({ hello: 'world' }));
app.get('/api/wrong-json', { config: { answers: json } }, async (_request, reply) =>
  reply.type('application/json').send('{"hello":1}'),
);
app.get('/api/right-json', { config: { answers: json } }, async (_request, reply) =>
  reply.type('application/json').send('{"hello":"world"}'),
);
app.get('/api/wrong-type', { config: { answers: json } }, async (_request, reply) =>
  reply.type('text/plain').send('hello'),
);
app.delete('/api/gone', { config: { answers: NO_CONTENT } }, async (_request, reply) =>
  reply.code(204).send(),
);
app.get('/api/failing', async () => {
  throw Object.assign(new Error('nope'), { statusCode: 404 });
});
let errors: string[] = [];
app.setErrorHandler((err: Error, _request, reply) => {
  errors.push(err.message);
  return reply
    .code((err as { statusCode?: number }).statusCode ?? 500)
    .send({ error: err.message });
});

beforeAll(() => app.ready());
afterAll(() => app.close());

async function call(method: 'GET' | 'DELETE', url: string) {
  errors = [];
  const res = await app.inject({ method, url });
  return { status: res.statusCode, errors };
}

describe('checkAnswerDocumented (tests keep the OpenAPI document true)', () => {
  it('fails an answer its route does not document, naming the route', async () => {
    const res = await call('GET', '/api/undocumented');
    expect(res.status).toBe(500);
    expect(res.errors[0]).toMatch(
      /^GET \/api\/undocumented answered 200, which is wrong: its OpenAPI operation does not document it/,
    );
  });

  it('fails JSON that does not match its documented schema, and a media type not documented', async () => {
    expect((await call('GET', '/api/wrong-json')).errors[0]).toMatch(/does not match its schema/);
    expect((await call('GET', '/api/wrong-type')).errors[0]).toMatch(
      /it was text\/plain, documented as application\/json/,
    );
  });

  it('passes documented answers, a documented 204 and every failure (the envelope documents those)', async () => {
    expect(await call('GET', '/api/right-json')).toEqual({ status: 200, errors: [] });
    expect(await call('DELETE', '/api/gone')).toEqual({ status: 204, errors: [] });
    expect(await call('GET', '/api/failing')).toEqual({ status: 404, errors: ['nope'] });
  });
});
