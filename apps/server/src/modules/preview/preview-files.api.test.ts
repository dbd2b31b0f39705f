// POST /api/preview/{project}/build with the project's other files (issue 45): relative imports
// resolve among them (extensions and index files may be left out), stylesheets come back as
// `css`, and an error names its file and line; a path out of the project is refused.
import { describe, expect, it } from 'vitest';
import { PreviewBuildResultSchema } from '@codewright/contract';
import { newSession } from '../../test/auth-helpers.ts';
import { aroundTests } from '../../test/around-tests.ts';
import { createTestApp } from '../../test/test-app.ts';

const server = aroundTests(
  'the app is',
  async () => {
    const t = await createTestApp();
    return { t, token: (await newSession(t.app)).session.access_token };
  },
  async ({ t }) => t.close(),
);

const build = (body: unknown) =>
  server().t.app.inject({
    method: 'POST',
    url: '/api/preview/codewright/build',
    headers: { authorization: `Bearer ${server().token}` },
    payload: body as object,
  });

const APP = `import { total } from './lib/math';
import { Title } from './components';
import './styles/app.css';
export default function App() { return <Title text={String(total([1, 2, 3]))} />; }`;
const FILES = [
  {
    path: 'src/lib/math.ts',
    content: 'export const total = (xs: number[]) => xs.reduce((a, b) => a + b, 0);',
  },
  {
    path: 'src/components/index.tsx',
    content:
      'export const Title = ({ text }: { text: string }) => <h1 className="title">{text}</h1>;',
  },
  { path: 'src/styles/app.css', content: '.title { color: rebeccapurple; }' },
];

describe('a preview build across files', () => {
  it('bundles the imported files into one module and their styles into css', async () => {
    const res = await build({
      language: 'typescript',
      path: 'src/App.tsx',
      code: APP,
      files: FILES,
    });
    expect(res.statusCode, res.body).toBe(200);
    const result = PreviewBuildResultSchema.parse(res.json());
    expect(result.errors).toEqual([]);
    expect(result.ok).toBe(true);
    expect(result.code).toContain('xs.reduce');
    expect(result.code).toContain('"title"');
    expect(result.code).not.toMatch(/from ["']\.\//);
    expect(result.css).toContain('rebeccapurple');
    // The source map names each file at its path.
    expect(JSON.parse(result.map!).sources).toEqual(
      expect.arrayContaining(['project:src/lib/math.ts', 'project:src/components/index.tsx']),
    );
  });

  it('names the file and line of an error in another file, and an import that is not there', async () => {
    const broken = await build({
      language: 'typescript',
      path: 'src/App.tsx',
      code: APP,
      files: [
        {
          ...FILES[0]!,
          content: 'export const total = (xs: number[]) =>\n  xs.reduce((a, b) => a + , 0);',
        },
        ...FILES.slice(1),
      ],
    });
    const failed = PreviewBuildResultSchema.parse(broken.json());
    expect(failed.ok).toBe(false);
    expect(failed.errors[0]).toMatchObject({ file: 'src/lib/math.ts', line: 2 });

    const missing = PreviewBuildResultSchema.parse(
      (
        await build({
          language: 'typescript',
          path: 'src/App.tsx',
          code: APP,
          files: FILES.slice(1),
        })
      ).json(),
    );
    expect(missing.ok).toBe(false);
    expect(missing.errors[0]).toMatchObject({ file: 'src/App.tsx', line: 1 });
    expect(missing.errors[0]!.message).toMatch(/^\.\/lib\/math is not a file of this project/);

    // Out of the project's root: not found, never a file of the server.
    const escape = PreviewBuildResultSchema.parse(
      (
        await build({
          language: 'javascript',
          path: 'main.jsx',
          code: "import '../../etc/passwd';",
          files: FILES,
        })
      ).json(),
    );
    expect(escape.ok).toBe(false);
    expect(escape.errors[0]!.message).toMatch(/is not a file of this project/);
  });

  it('refuses a bad file path in the request with 400 naming it', async () => {
    const res = await build({
      language: 'javascript',
      code: 'export default 1;',
      files: [{ path: '../x.js', content: '' }],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toMatch(/files\.0\.path.*\. or \.\. segments/);
  });
});
