/**
 * The routes the fuzz suite covers, read from the app itself (so a new route is
 * fuzzed without touching the suite), and a valid body per route to mutate.
 */
import diagnostics from 'node:diagnostics_channel';
import type { FastifyInstance, RouteOptions } from 'fastify';

/** One method of one route, e.g. `POST /api/analytics/:project/log`. */
export interface FuzzRoute {
  method: string;
  /** The route's path with its `:params` and `*` wildcard. */
  path: string;
  /** The route's body schema (zod), when it has one: valid bodies are built from it. */
  body?: unknown;
}

/**
 * Records every route of the next Fastify instance created, through Fastify's
 * `fastify.initialization` diagnostics channel and an onRoute hook (printRoutes
 * leaves out a wildcard under a parameter, e.g. /api/storage/:project/public/*).
 * Call before building the app; `stop()` once it is built.
 */
export function recordRoutes(): { routes: FuzzRoute[]; stop(): void } {
  const routes: FuzzRoute[] = [];
  const seen = new Set<string>();
  const channel = diagnostics.channel('fastify.initialization');
  let attached = false;
  const onInit = (message: unknown) => {
    if (attached) return;
    attached = true;
    const { fastify } = message as { fastify: FastifyInstance };
    fastify.addHook('onRoute', (route: RouteOptions) => {
      for (const method of [route.method].flat()) {
        const key = `${method} ${route.url}`;
        if (seen.has(key)) continue;
        seen.add(key);
        routes.push({ method, path: route.url, body: route.schema?.body });
      }
    });
  };
  channel.subscribe(onInit);
  return { routes, stop: () => channel.unsubscribe(onInit) };
}

/** What a valid body may refer to: the fuzzing user's id, email and password, and a project. */
export interface SampleContext {
  userId: string;
  email: string;
  password: string;
  projectId: string;
}

/** A valid (or nearly valid) JSON body per `METHOD path`, the starting point of mutations. */
export function sampleBodies(ctx: SampleContext): Record<string, unknown> {
  const email = { email: ctx.email };
  const token = { token: 'a'.repeat(43) };
  const project = { name: 'Fuzzed', language: 'TypeScript', code: 'export {}', description: 'd' };
  const chat = { project_id: ctx.projectId, role: 'user', content: 'hello' };
  const cta = { cta_name: 'hero', page: '/' };
  return {
    'POST /api/auth/signup': { email: 'new@example.com', password: 'password1', displayName: 'N' },
    'POST /api/auth/signin/email': { email: ctx.email, password: ctx.password },
    'POST /api/auth/refresh': { refresh_token: 'r'.repeat(43) },
    'POST /api/auth/signout': { refresh_token: 'r'.repeat(43) },
    'PATCH /api/auth/me': { displayName: 'Fuzz', metadata: '{"theme":"dark","n":[1,2]}' },
    'POST /api/auth/password/reset': email,
    'POST /api/auth/password/reset/generate': email,
    'POST /api/auth/password/reset/confirm': { ...token, password: 'password2' },
    // A wrong old password: a right one would sign the fuzzing sessions out.
    'POST /api/auth/password/change': { oldPassword: 'wrong-old', newPassword: 'password3' },
    'POST /api/auth/email/verify': token,
    'POST /api/auth/email/verify/send': email,
    'POST /api/auth/email/verify/generate': email,
    'POST /api/auth/signin/magic': email,
    'POST /api/auth/magic/generate': email,
    'POST /api/auth/magic/verify': token,
    'POST /api/analytics/:project/log': {
      events: [{ type: 'cta_clicked', pathname: '/', cta_name: 'hero', screen_width: 1280 }],
    },
    'POST /api/ai/:project/text': { prompt: 'Say hi', maxTokens: 16, stream: false },
    'POST /api/notifications/:project/email': { to: ctx.email, subject: 'Hi', text: 'Hello' },
    'DELETE /api/storage/:project/remove': { paths: [`uploads/${ctx.userId}/a.txt`] },
    'POST /api/db/:project/rest/v1/:table': project,
    'PATCH /api/db/:project/rest/v1/:table': { name: 'Renamed', ...chat, ...cta },
    'POST /api/db/:project/rest/v1/cta_interactions': cta,
    'POST /api/db/:project/sql': { query: 'select $1::int as n', params: [1] },
    'POST /api/db/:project/batch': { statements: [{ query: 'select 1' }], mode: 'pipeline' },
    'POST /api/plan/upgrade': { plan: 'pro' },
    'POST /api/versions/:project/:projectId': { code: 'export {}', source: 'edit', prompt: 'p' },
    'PATCH /api/versions/:project/:projectId/:versionId': { label: 'Checkpoint' },
  };
}

/** Values for path parameters by name; anything else gets a fuzzed string. */
export const PARAM_VALUES: Record<string, readonly string[]> = {
  project: ['codewright', 'codewright', 'codewright', 'other-app'],
  table: ['projects', 'chat_messages', 'cta_interactions', 'users', 'pg_user'],
  provider: ['google', 'github', 'gitlab'],
  '*': ['index.html', 'uploads/x/a.png', 'assets/app.js', 'dashboard', 'a/b/c'],
};
