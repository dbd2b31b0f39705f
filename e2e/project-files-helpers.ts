/** Set-up shared by the browser tests of projects of many files (issues 45 and 46). */
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, signIn } from './fixtures.ts';

/** The main file of a new project made by proProject. */
export const MAIN = "import { greet } from './helper.js';\nconsole.log(greet('tree'));";

/** A new user on Pro with one saved project (`made`), and their auth header. */
export async function proProject(
  page: Page,
  login: () => Promise<{ email: string; password: string }>,
  made: { language: string; code: string } = { language: 'JavaScript', code: MAIN },
) {
  const user = await login();
  const { token } = await signIn(page.request, user);
  const auth = { authorization: `Bearer ${token}` };
  expect(
    (
      await page.request.post('/api/plan/upgrade', { headers: auth, data: { plan: 'pro' } })
    ).status(),
  ).toBe(200);
  const created = await page.request.post('/api/db/codewright/rest/v1/projects', {
    headers: auth,
    data: { name: 'Tree app', ...made },
  });
  expect(created.status()).toBe(201);
  const [project] = (await created.json()) as Array<{ id: string }>;
  return { id: project!.id, auth };
}

/** The project's files as the server holds them, in path order. */
export async function serverFiles(
  request: APIRequestContext,
  auth: Record<string, string>,
  id: string,
) {
  const res = await request.get(
    `/api/db/codewright/rest/v1/project_files?project_id=eq.${id}&order=path&select=path,content`,
    { headers: auth },
  );
  expect(res.status()).toBe(200);
  return (await res.json()) as Array<{ path: string; content: string }>;
}
