/**
 * Dashboard (SPEC §2.11) and its upgrade dialogs (§2.13). Data is made through the
 * REST API (projects) and the admin SQL endpoint (usage counters), never through the UI.
 * (Over 300 lines: the dashboard's states, CTA stats and screenshots share the REST project set-ups
 * below; users come from fixtures.ts.)
 */
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { MESSAGES, PLAN_LIMITS } from '@codewright/contract';
import {
  ADMIN,
  expect,
  setUsage,
  signIn,
  signUpViaApi,
  test,
  type ApiSession,
  type TestUser,
} from './fixtures.ts';

const PROJECT = 'codewright';
const REST = `/api/db/${PROJECT}/rest/v1`;

interface NewProject {
  name: string;
  language: string;
  code: string;
  description?: string | null;
}

/** POST /rest/v1/projects as the user (snake_case on the wire, DESIGN §2b). */
async function createProject(request: APIRequestContext, session: ApiSession, project: NewProject) {
  const res = await request.post(`${REST}/projects`, {
    headers: { authorization: `Bearer ${session.token}` },
    data: {
      name: project.name,
      language: project.language,
      code: project.code,
      description: project.description ?? null,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const rows = (await res.json()) as Array<{ id: string; updated_at: string }>;
  return rows[0]!;
}

/** Three projects made one after another; returned newest first, as the dashboard lists them. */
async function createThreeProjects(request: APIRequestContext, session: ApiSession) {
  const specs = [
    { name: 'Todo API', language: 'Python', description: 'A REST API for todos with FastAPI' },
    { name: 'Landing Hero', language: 'TypeScript', description: null },
    {
      name: 'Rate Limiter',
      language: 'Go',
      description:
        'A token-bucket rate limiter middleware with per-client buckets, burst handling and ' +
        'a cleanup goroutine that evicts idle clients after a configurable timeout window.',
    },
  ];
  const created = [];
  for (const [i, spec] of specs.entries()) {
    const code = `// ${spec.name}\nconsole.log(${i});\n`;
    const row = await createProject(request, session, { ...spec, code });
    created.push({ ...spec, id: row.id, code, updatedAt: row.updated_at });
    // The server stamps updated_at; keep the three apart so "newest first" is unambiguous.
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return created.reverse();
}

/**
 * A fresh user and its API session, made over the API: the page signs in later, straight onto the
 * dashboard (loginToDashboard), once the test's data is in place.
 */
async function apiUser(page: Page) {
  const user = await signUpViaApi(page.request);
  return { user, session: await signIn(page.request, user) };
}

function projectCard(page: Page, name: string): Locator {
  return page.getByRole('article', { name });
}

/** Signs `user` (a new one unless given) in straight onto the dashboard: one page load. */
async function loginToDashboard(
  page: Page,
  login: (user?: TestUser, to?: string) => Promise<TestUser>,
  user?: TestUser,
) {
  const account = await login(user, '/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Coding Workspace' })).toBeVisible();
  return account;
}

const FREE = PLAN_LIMITS.free;

test.describe('dashboard', () => {
  test('with no projects: Free plan, empty state, Create Your First Project → /generator', async ({
    page,
    login,
  }) => {
    const user = await loginToDashboard(page, login);

    await expect(page.getByText(user.email)).toBeVisible();
    await expect(page.locator('[data-plan]')).toHaveText(/Free/);
    await expect(page.locator('[data-plan]')).toHaveAttribute('data-plan', 'free');
    await expect(page.getByRole('link', { name: 'Upgrade to Pro' })).toBeVisible();
    await expect(page.getByText('Basic', { exact: true })).toBeVisible();
    await expect(page.getByText('No projects yet')).toBeVisible();
    await expect(page.getByRole('button', { name: 'New Project' })).toHaveCount(0);
    await expect(page.getByRole('article')).toHaveCount(0);

    await page.getByRole('link', { name: 'Create Your First Project' }).click();
    await expect(page).toHaveURL(/\/generator$/);
    await expect(page.getByRole('heading', { level: 1, name: 'AI Code Generator' })).toBeVisible();
  });

  test('Upgrade to Pro in the header goes to /pricing', async ({ page, login }) => {
    await loginToDashboard(page, login);
    await page.getByRole('link', { name: 'Upgrade to Pro' }).click();
    await expect(page).toHaveURL(/\/pricing$/);
  });

  test('with three projects: newest first, details, 3 of 3, New Project opens the limit dialog', async ({
    page,
    login,
  }) => {
    const { user, session } = await apiUser(page);
    const projects = await createThreeProjects(page.request, session);
    await loginToDashboard(page, login, user);

    const cards = page.getByRole('article');
    await expect(cards).toHaveCount(3);
    await expect(cards.getByRole('heading')).toHaveText(projects.map((p) => p.name));
    for (const project of projects) {
      const card = projectCard(page, project.name);
      await expect(card.getByTestId('project-language')).toHaveText(project.language);
      if (project.description) await expect(card).toContainText(project.description);
      await expect(card.locator('time')).toHaveAttribute('datetime', project.updatedAt);
      await expect(
        card.getByRole('button', { name: `Delete project ${project.name}` }),
      ).toBeVisible();
    }
    await expect(projectCard(page, 'Rate Limiter').locator('time')).toHaveText(
      /^[A-Z][a-z]{2} \d{1,2}, \d{4}$/,
    );

    const count = page.getByRole('progressbar', { name: 'Projects' });
    await expect(count).toHaveAttribute('aria-valuenow', '3');
    await expect(count).toHaveAttribute('aria-valuemax', String(FREE.maxProjects));
    await expect(count).toHaveAttribute('data-state', 'exhausted');
    await expect(page.getByText(`of ${FREE.maxProjects}`, { exact: true })).toBeVisible();

    await page.getByRole('button', { name: 'New Project' }).click();
    const dialog = page.getByRole('dialog', { name: MESSAGES.projectLimitTitle });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(MESSAGES.projectLimitDescription);
    await expect(dialog).toContainText(`allows up to ${FREE.maxProjects} projects`);
    await expect(dialog).toContainText('Upgrade to Pro for unlimited projects');
    await dialog.getByRole('button', { name: 'Maybe Later' }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('button', { name: 'New Project' })).toBeFocused();

    await page.getByRole('button', { name: 'New Project' }).click();
    await dialog.getByRole('button', { name: 'Upgrade to Pro' }).click();
    await expect(page).toHaveURL(/\/pricing$/);
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test('the server refuses a fourth project on Free with 402 PROJECT_LIMIT_REACHED', async ({
    page,
    login,
  }) => {
    const { user, session } = await apiUser(page);
    await createThreeProjects(page.request, session);
    const res = await page.request.post(`${REST}/projects`, {
      headers: { authorization: `Bearer ${session.token}` },
      data: { name: 'Fourth', language: 'Go', code: '' },
    });
    expect(res.status()).toBe(402);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe(
      'PROJECT_LIMIT_REACHED',
    );
    await loginToDashboard(page, login, user);
    await expect(page.getByRole('article')).toHaveCount(3);
  });

  test('with one project New Project goes straight to /generator', async ({ page, login }) => {
    const { user, session } = await apiUser(page);
    await createProject(page.request, session, {
      name: 'Solo',
      language: 'Rust',
      code: 'fn main() {}',
    });
    await loginToDashboard(page, login, user);
    await expect(page.getByRole('progressbar', { name: 'Projects' })).toHaveAttribute(
      'data-state',
      'ok',
    );
    await page.getByRole('button', { name: 'New Project' }).click();
    await expect(page).toHaveURL(/\/generator$/);
  });

  const meterCases = [
    { label: '0 %', generations: 0, edits: 0, state: 'ok', text: /left this month/ },
    { label: '80 %', generations: 8, edits: 4, state: 'warning', text: /Running low/ },
    { label: '100 %', generations: 10, edits: 5, state: 'exhausted', text: /Limit reached/ },
  ] as const;
  for (const c of meterCases) {
    test(`usage meters at ${c.label}`, async ({ page, login }) => {
      const { user, session } = await apiUser(page);
      await setUsage(page.request, session.id, c);
      await loginToDashboard(page, login, user);

      for (const [name, used, limit] of [
        ['Generations', c.generations, FREE.generationsPerMonth],
        ['Edits', c.edits, FREE.editsPerMonth],
      ] as const) {
        const meter = page.getByRole('progressbar', { name });
        await expect(meter).toHaveAttribute('aria-valuenow', String(used));
        await expect(meter).toHaveAttribute('aria-valuemax', String(limit));
        await expect(meter).toHaveAttribute('data-state', c.state);
        await expect(meter).toHaveAccessibleDescription(c.text);
        await expect(
          page.locator(`[data-usage-state="${c.state}"]`).filter({ hasText: name }),
        ).toContainText(`/ ${limit}`);
      }
    });
  }

  test('delete asks first, then removes the project for good', async ({ page, login }) => {
    const { user, session } = await apiUser(page);
    const projects = await createThreeProjects(page.request, session);
    const victim = projects[1]!;
    await loginToDashboard(page, login, user);

    await projectCard(page, victim.name)
      .getByRole('button', { name: `Delete project ${victim.name}` })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Delete project?' });
    await expect(dialog).toContainText(victim.name);
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(projectCard(page, victim.name)).toBeVisible();

    await projectCard(page, victim.name)
      .getByRole('button', { name: `Delete project ${victim.name}` })
      .click();
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(page.getByText(MESSAGES.projectDeleted)).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(projectCard(page, victim.name)).toHaveCount(0);
    await expect(page.getByRole('article')).toHaveCount(2);
    await expect(page.getByRole('progressbar', { name: 'Projects' })).toHaveAttribute(
      'aria-valuenow',
      '2',
    );

    await page.reload();
    await expect(page.getByRole('article')).toHaveCount(2);
    await expect(projectCard(page, victim.name)).toHaveCount(0);
  });

  test('a failed delete says so and keeps the card', async ({ page, login }) => {
    const { user, session } = await apiUser(page);
    const [project] = await createThreeProjects(page.request, session);
    await loginToDashboard(page, login, user);
    await page.route(`**${REST}/projects?**`, (route) =>
      route.request().method() === 'DELETE'
        ? route.fulfill({
            status: 500,
            json: { error: { code: 'INTERNAL_ERROR', message: 'boom' } },
          })
        : route.fallback(),
    );
    await projectCard(page, project!.name)
      .getByRole('button', { name: `Delete project ${project!.name}` })
      .click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(page.getByText(MESSAGES.deleteProjectFailed)).toBeVisible();
    await expect(projectCard(page, project!.name)).toBeVisible();
  });

  test('a failed load shows the toast and an inline retry', async ({ page, login }) => {
    const { user, session } = await apiUser(page);
    await createProject(page.request, session, {
      name: 'Retry Me',
      language: 'Java',
      code: 'class A {}',
    });
    let fail = true;
    await page.route(`**${REST}/projects?**`, (route) =>
      fail && route.request().method() === 'GET'
        ? route.fulfill({
            status: 503,
            json: { error: { code: 'SERVICE_UNAVAILABLE', message: 'x' } },
          })
        : route.fallback(),
    );
    await loginToDashboard(page, login, user);
    await expect(page.getByText(MESSAGES.loadProjectsFailed)).toBeVisible();
    const retry = page.getByRole('button', { name: 'Try again' });
    await expect(retry).toBeVisible();
    fail = false;
    await retry.click();
    await expect(projectCard(page, 'Retry Me')).toBeVisible();
  });

  test("Open Project goes to the project's address, /generator/<id>, with the project in navigation state", async ({
    page,
    login,
  }) => {
    const { user, session } = await apiUser(page);
    const [newest] = await createThreeProjects(page.request, session);
    await loginToDashboard(page, login, user);

    await projectCard(page, newest!.name).getByRole('button', { name: 'Open Project' }).click();
    await expect(page).toHaveURL(new RegExp(`/generator/${newest!.id}$`));
    await expect(page.getByRole('heading', { level: 1, name: 'AI Code Generator' })).toBeVisible();
    const state = await page.evaluate(
      () => (window.history.state as { usr?: unknown } | null)?.usr ?? null,
    );
    expect(state).toEqual({
      projectId: newest!.id,
      projectName: newest!.name,
      language: newest!.language,
      code: newest!.code,
    });
  });

  test('keyboard: Tab from New Project reaches the newest card, Enter asks, Escape returns focus', async ({
    page,
    login,
  }) => {
    const { user, session } = await apiUser(page);
    const [newest] = await createThreeProjects(page.request, session);
    await loginToDashboard(page, login, user);
    await page.getByRole('button', { name: 'New Project' }).focus();
    // The card's first stop is its Share link button: Enter opens the link, Escape comes back.
    await page.keyboard.press('Tab');
    const shareLink = page.getByRole('button', { name: `Share link for ${newest!.name}` });
    await expect(shareLink).toBeFocused();
    await page.keyboard.press('Enter');
    const share = page.getByRole('dialog', { name: 'Share link' });
    await expect(share.getByLabel('Link')).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(share).toBeHidden();
    await expect(shareLink).toBeFocused();
    await page.keyboard.press('Tab');
    const del = page.getByRole('button', { name: `Delete project ${newest!.name}` });
    await expect(del).toBeFocused();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Delete project?' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(del).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(
      projectCard(page, newest!.name).getByRole('button', { name: 'Open Project' }),
    ).toBeFocused();
  });

  test('on Pro: Pro badge, Advanced AI, unlimited meters, no cap on New Project', async ({
    page,
    login,
  }) => {
    const { user, session } = await apiUser(page);
    const upgrade = await page.request.post('/api/plan/upgrade', {
      headers: { authorization: `Bearer ${session.token}` },
      data: { plan: 'pro' },
    });
    expect(upgrade.status(), await upgrade.text()).toBe(200);
    await createThreeProjects(page.request, session);
    await loginToDashboard(page, login, user);

    await expect(page.locator('[data-plan]')).toHaveAttribute('data-plan', 'pro');
    await expect(page.locator('[data-plan]')).toContainText('Pro');
    await expect(page.getByRole('link', { name: 'Upgrade to Pro' })).toHaveCount(0);
    await expect(page.getByText('Advanced', { exact: true })).toBeVisible();
    // Unlimited allowances have no progressbar, only the figure and the word.
    await expect(page.getByRole('progressbar')).toHaveCount(0);
    await expect(page.locator('[data-usage-state="unlimited"]')).toHaveCount(2);
    await expect(page.getByText('/ Unlimited')).toHaveCount(2);
    await page.getByRole('button', { name: 'New Project' }).click();
    await expect(page).toHaveURL(/\/generator$/);
  });

  test('signed out, /dashboard redirects to /sign-in', async ({ page }) => {
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/sign-in/);
  });
});

test.describe('CTA stats (SPEC §7.1)', () => {
  test('an admin sees total clicks and the top 5, also written to the console', async ({
    page,
    login,
  }) => {
    // A CTA clicked more often than any other in this run, so it leads the top 5.
    const name = `e2e-cta-${Date.now().toString(36)}`;
    for (let i = 0; i < 60; i++) {
      const res = await page.request.post(`${REST}/cta_interactions`, {
        data: { cta_name: name, page: '/' },
      });
      expect(res.status(), await res.text()).toBe(201);
    }
    const logged: string[] = [];
    page.on('console', (msg) => {
      if (msg.text().startsWith('CTA stats:')) logged.push(msg.text());
    });
    const signup = await page.request.post('/api/auth/signup', { data: ADMIN });
    expect([201, 409]).toContain(signup.status());
    await loginToDashboard(page, login, ADMIN);
    const card = page.getByRole('region', { name: 'Call-to-action clicks' });
    await expect(card).toBeVisible();
    const top = card.getByRole('list', { name: 'Top 5 calls to action' }).getByRole('listitem');
    await expect(top.first()).toContainText(name);
    await expect(top.first()).toContainText('60 clicks');
    expect(await top.count()).toBeLessThanOrEqual(5);
    const total = Number((await card.locator('.text-2xl').innerText()).trim());
    expect(total).toBeGreaterThanOrEqual(60);
    await expect.poll(() => logged.join('\n')).toContain(`${name} (60)`);
    expect(logged[0]).toContain(`CTA stats: ${total} clicks in all`);
    await page.screenshot({ path: 'e2e/output/screenshots/dashboard-cta-stats-1280.png' });
    await page.setViewportSize({ width: 390, height: 844 });
    await card.scrollIntoViewIfNeeded();
    await page.screenshot({ path: 'e2e/output/screenshots/dashboard-cta-stats-390.png' });
  });

  test('a user who is not an admin sees no CTA stats and asks for none', async ({
    page,
    login,
  }) => {
    const asked: string[] = [];
    page.on('request', (req) => {
      if (req.url().includes('/cta-stats')) asked.push(req.url());
    });
    await loginToDashboard(page, login);
    await expect(page.getByRole('region', { name: 'Call-to-action clicks' })).toHaveCount(0);
    expect(asked).toEqual([]);
  });
});

test.describe('dashboard at 360 px', () => {
  test.use({ viewport: { width: 360, height: 780 } });

  test('cards stack and nothing scrolls sideways', async ({ page, login }) => {
    const { user, session } = await apiUser(page);
    await createThreeProjects(page.request, session);
    await loginToDashboard(page, login, user);
    const cards = page.getByRole('article');
    await expect(cards).toHaveCount(3);
    const boxes = await Promise.all([0, 1, 2].map((i) => cards.nth(i).boundingBox()));
    // One column: every card starts at the same x, one below the other.
    expect(new Set(boxes.map((b) => Math.round(b!.x))).size).toBe(1);
    expect(boxes[1]!.y).toBeGreaterThan(boxes[0]!.y + boxes[0]!.height - 1);
    const { scrollWidth, clientWidth } = await page.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      clientWidth: document.documentElement.clientWidth,
    }));
    expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
  });
});

test.describe('dashboard screenshots', () => {
  for (const width of [1280, 390] as const) {
    test.describe(`at ${width} px`, () => {
      test.use({ viewport: { width, height: width > 600 ? 800 : 844 } });

      const shot = (page: Page, name: string, fullPage = true) =>
        page.screenshot({
          path: `e2e/output/screenshots/dashboard-${name}-${width}.png`,
          fullPage,
          animations: 'disabled',
        });

      async function noSidewaysScroll(page: Page) {
        const { scrollWidth, clientWidth } = await page.evaluate(() => ({
          scrollWidth: document.documentElement.scrollWidth,
          clientWidth: document.documentElement.clientWidth,
        }));
        expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
      }

      test('empty', async ({ page, login }) => {
        await loginToDashboard(page, login);
        await expect(page.getByText('No projects yet')).toBeVisible();
        await noSidewaysScroll(page);
        await shot(page, 'empty');
      });

      test('three projects, limit dialog and delete confirmation', async ({ page, login }) => {
        const { user, session } = await apiUser(page);
        await setUsage(page.request, session.id, { generations: 8, edits: 5 });
        const projects = await createThreeProjects(page.request, session);
        await loginToDashboard(page, login, user);
        await expect(page.getByRole('article')).toHaveCount(3);
        await noSidewaysScroll(page);
        await shot(page, 'projects');

        await page.getByRole('button', { name: 'New Project' }).click();
        await expect(page.getByRole('dialog')).toBeVisible();
        await shot(page, 'limit-dialog', false);
        await page.getByRole('button', { name: 'Maybe Later' }).click();

        await page.getByRole('button', { name: `Delete project ${projects[0]!.name}` }).click();
        await expect(page.getByRole('dialog')).toBeVisible();
        await shot(page, 'delete-confirm', false);
      });
    });
  }
});
