// The module boundaries of eslint.config.js, tried on small bad and good imports: each bad one
// must fail with its own message, each good one must pass (CONVENTIONS §2).
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
let eslint;

beforeAll(() => {
  eslint = new ESLint({ cwd: ROOT });
});

/** The no-restricted-imports messages ESLint gives `code` as if it were the file at `path`. */
async function restrictedImports(path, code) {
  const [result] = await eslint.lintText(code, { filePath: join(ROOT, path) });
  return result.messages
    .filter((m) => m.ruleId?.endsWith('no-restricted-imports'))
    .map((m) => m.message);
}

/** A module that runs SQL through drizzle's `sql` tag. */
const SQL_IMPORT = "import { sql } from 'drizzle-orm';\nexport const q = sql`select 1`;\n";

/** A module that imports each name of `imports` (name → module) and exports them again. */
function reexporting(imports) {
  const names = Object.keys(imports);
  const lines = names.map((name) => `import { ${name} } from '${imports[name]}';`);
  return [...lines, `export { ${names.join(', ')} };`, ''].join('\n');
}

describe('server modules', () => {
  it("refuse another module's repository", async () => {
    const messages = await restrictedImports(
      'apps/server/src/modules/db/boundary-fixture.ts',
      "import { planRepository } from '../plan/plan.repository.ts';\nexport { planRepository };\n",
    );
    expect(messages).toEqual([expect.stringContaining("Another module's repository is its own")]);
  });

  it('refuse plugins/ from a module, however deep', async () => {
    const messages = await restrictedImports(
      'apps/server/src/modules/auth/oauth/boundary-fixture.ts',
      "import security from '../../../plugins/security.ts';\nexport { security };\n",
    );
    expect(messages).toEqual([expect.stringContaining('Only app.ts wires plugins/')]);
  });

  it('refuse SQL in a route, a service or a helper', async () => {
    for (const path of [
      'apps/server/src/modules/workspaces/boundary-fixture.routes.ts',
      'apps/server/src/modules/workspaces/boundary-fixture.service.ts',
      'apps/server/src/modules/notifications/boundary-fixture.ts',
    ]) {
      expect(await restrictedImports(path, SQL_IMPORT), path).toEqual([
        expect.stringContaining('No SQL outside a repository'),
      ]);
    }
  });

  it.each([
    {
      what: 'SQL in a repository',
      path: 'apps/server/src/modules/workspaces/boundary-fixture.repository.ts',
      code: SQL_IMPORT,
    },
    {
      what: "a module's own repository, another's service and db/query.ts",
      path: 'apps/server/src/modules/workspaces/boundary-fixture.ts',
      code: reexporting({
        shareRepository: './share.repository.ts',
        lockProjectCap: '../plan/plan.service.ts',
        rowsOf: '../../db/query.ts',
      }),
    },
  ])('allow $what', async ({ path, code }) => {
    expect(await restrictedImports(path, code)).toEqual([]);
  });
});

describe('web features', () => {
  it("refuse another feature's inside, from a feature at any depth and from the shell", async () => {
    const cases = [
      ['apps/web/src/features/share/boundary-fixture.ts', '../editor/chat-code-block.tsx'],
      ['apps/web/src/features/share/routes/boundary-fixture.tsx', '../../auth/hooks/use-auth.ts'],
      ['apps/web/src/components/layout/boundary-fixture.tsx', '../../features/plan/usage.ts'],
      ['apps/web/src/boundary-fixture.tsx', './features/teams/components/viewer-notice.tsx'],
    ];
    for (const [path, from] of cases) {
      const messages = await restrictedImports(path, reexporting({ x: from }));
      expect(messages, path).toEqual([
        expect.stringContaining("Another feature's inside is its own"),
      ]);
    }
  });

  it("allow a feature's index, its own inside, shared folders and the router's pages", async () => {
    const cases = [
      ['apps/web/src/features/share/routes/boundary-fixture.tsx', '../../auth/index.ts'],
      ['apps/web/src/features/share/routes/boundary-fixture.tsx', '../components/share-view.tsx'],
      [
        'apps/web/src/features/share/routes/boundary-fixture.tsx',
        '../../../components/ui/button.tsx',
      ],
      ['apps/web/src/boundary-fixture.tsx', './features/marketing/routes/landing-page.tsx'],
    ];
    for (const [path, from] of cases) {
      const messages = await restrictedImports(path, reexporting({ x: from }));
      expect(messages, `${path} → ${from}`).toEqual([]);
    }
  });
});

describe('the preview sandbox', () => {
  it('refuses the SDK and anything of the app outside its folder', async () => {
    const messages = await restrictedImports(
      'apps/web/src/features/preview/sandbox/boundary-fixture.ts',
      reexporting({
        createClient: '@codewright/sdk',
        api: '../../../lib/api.ts',
        run: './runtime.ts',
        MESSAGES: '@codewright/contract',
      }),
    );
    expect(messages).toEqual([
      expect.stringContaining('The sandbox never imports the SDK'),
      expect.stringContaining('The sandbox imports nothing of the app outside its folder'),
    ]);
  });
});

describe('public pages', () => {
  it('refuse the SDK client itself and take it through sdk-loader.ts', async () => {
    for (const path of [
      'apps/web/src/components/layout/boundary-fixture.tsx',
      'apps/web/src/features/marketing/routes/boundary-fixture.tsx',
    ]) {
      const up = path.split('/').length - 4;
      const messages = await restrictedImports(
        path,
        [
          `import { client } from '${'../'.repeat(up)}sdk.ts';`,
          `import { loadClient } from '${'../'.repeat(up)}sdk-loader.ts';`,
          `import type { client as Client } from '${'../'.repeat(up)}sdk.ts';`,
          'export { client, loadClient, type Client };',
          '',
        ].join('\n'),
      );
      expect(messages, path).toEqual([expect.stringContaining('through sdk-loader.ts')]);
    }
  });

  it('leave a signed-in screen free to import it', async () => {
    const messages = await restrictedImports(
      'apps/web/src/features/dashboard/routes/boundary-fixture.tsx',
      "import { client } from '../../../sdk.ts';\nexport { client };\n",
    );
    expect(messages).toEqual([]);
  });
});
