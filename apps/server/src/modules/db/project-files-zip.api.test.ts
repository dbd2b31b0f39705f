// GET / PUT /api/db/{project}/projects/{id}/files.zip (issue 45): a project's files out as a
// .zip and back, byte for byte; an upload is untrusted — a path out of the project, an absolute
// path, a symlink, a zip bomb, a binary file or not a zip at all is a 400 and writes nothing.
import { describe, expect, it } from 'vitest';
import { ZipFile } from 'yazl';
import { unzipText } from '../../test/unzip.ts';
import { proTeam, useTeamServers } from '../workspaces/workspace-test-helpers.ts';
import { createProject, errorOf, newUser, rest } from './db-test-helpers.ts';

const servers = useTeamServers();
const app = () => servers.t.app;
const url = (id: string) => `/api/db/codewright/projects/${id}/files.zip`;

const download = (token: string, id: string) =>
  app().inject({ method: 'GET', url: url(id), headers: { authorization: `Bearer ${token}` } });
const upload = (token: string, id: string, zip: Buffer) =>
  app().inject({
    method: 'PUT',
    url: url(id),
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/zip' },
    payload: zip,
  });

/** A .zip of `entries` (path → text, or options for a special entry). */
function zipOf(entries: Array<[string, string | Buffer, { mode?: number; store?: boolean }?]>) {
  const zip = new ZipFile();
  for (const [path, content, options] of entries)
    zip.addBuffer(Buffer.isBuffer(content) ? content : Buffer.from(content), path, {
      ...(options?.mode ? { mode: options.mode } : {}),
      compress: !options?.store,
    });
  zip.end();
  return new Promise<Buffer>((resolve) => {
    const chunks: Buffer[] = [];
    zip.outputStream.on('data', (c: Buffer) => chunks.push(c));
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
  });
}

/** The zip with every `from` in its entry names turned into `to` (same length): names yazl refuses. */
const renamed = (zip: Buffer, from: string, to: string) =>
  Buffer.from(zip.toString('latin1').replaceAll(from, to), 'latin1');

async function tree(token: string, id: string) {
  const res = await rest(app(), 'GET', 'project_files', {
    token,
    query: `project_id=eq.${id}&order=path&select=path,content,is_main`,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Array<{ path: string; content: string; is_main: boolean }>>();
}

describe('project files as a .zip', () => {
  it('round-trips a tree byte for byte, and an upload creates or replaces files by path', async () => {
    const user = await newUser(app());
    const source = String(
      (await createProject(app(), user.token, { code: 'import "./lib/a.js";' })).id,
    );
    for (const [path, content] of [
      ['lib/a.js', 'export const a = "é ✓ 𝄞";\n'],
      ['styles/app.css', 'body { margin: 0 }\r\n'],
    ])
      expect(
        (
          await rest(app(), 'POST', 'project_files', {
            token: user.token,
            body: { project_id: source, path, content },
          })
        ).statusCode,
      ).toBe(201);

    const out = await download(user.token, source);
    expect(out.statusCode, out.body).toBe(200);
    expect(out.headers['content-type']).toBe('application/zip');
    expect(out.headers['content-disposition']).toContain('filename="Demo.zip"');
    const files = await unzipText(out.rawPayload);
    expect(Object.fromEntries(files)).toEqual({
      'lib/a.js': 'export const a = "é ✓ 𝄞";\n',
      'main.js': 'import "./lib/a.js";',
      'styles/app.css': 'body { margin: 0 }\r\n',
    });

    // Into another project: its main.js is replaced (a version), the rest created.
    const target = String((await createProject(app(), user.token, { code: 'old' })).id);
    const put = await upload(user.token, target, out.rawPayload);
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toEqual({ created: 2, replaced: 1 });
    expect(await tree(user.token, target)).toEqual(await tree(user.token, source));
    const back = await unzipText((await download(user.token, target)).rawPayload);
    for (const [path, content] of files)
      expect(Buffer.from(back.get(path)!)).toEqual(Buffer.from(content));
    const project = await rest(app(), 'GET', 'projects', {
      token: user.token,
      query: `id=eq.${target}`,
    });
    expect(project.json()[0].code).toBe('import "./lib/a.js";');
  });

  it('refuses an unsafe or unreadable .zip with 400, naming the entry, and writes nothing', async () => {
    const user = await newUser(app());
    const id = String((await createProject(app(), user.token)).id);
    const before = await tree(user.token, id);
    const good: [string, string] = ['ok.js', 'fine'];
    const cases: Array<[string, Buffer, RegExp]> = [
      [
        'traversal',
        renamed(await zipOf([good, ['zz/evil.js', 'x']]), 'zz/', '../'),
        /invalid relative path: \.\.\/evil\.js/,
      ],
      [
        'absolute',
        renamed(await zipOf([good, ['zetc/x.js', 'x']]), 'zetc', '/etc'),
        /absolute path: \/etc\/x\.js/,
      ],
      [
        'symlink',
        await zipOf([good, ['link.js', '/etc/passwd', { mode: 0o120777 }]]),
        /link\.js: symbolic links/,
      ],
      [
        'bomb',
        await zipOf([good, ['zeros.txt', Buffer.alloc(1024 * 1024, 'a')]]),
        /zeros\.txt: it inflates more than 100:1/,
      ],
      [
        'binary',
        await zipOf([good, ['logo.png', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2])]]),
        /logo\.png: only text files/,
      ],
      ['not a zip', Buffer.from('this is not a zip at all'), /not a readable \.zip/],
      [
        'dot segment',
        await zipOf([good, ['a/./b.js', 'x']]),
        /a\/\.\/b\.js: the path must not contain \. or \.\. segments/,
      ],
    ];
    for (const [what, zip, message] of cases) {
      const res = await upload(user.token, id, zip);
      expect(res.statusCode, `${what}: ${res.body}`).toBe(400);
      expect(errorOf(res).code).toBe('VALIDATION_ERROR');
      expect(errorOf(res).message, what).toMatch(message);
    }
    expect(await tree(user.token, id)).toEqual(before);

    // Past the plan: more files than Free allows is 402, and nothing is written either.
    const many = await zipOf(
      Array.from({ length: 21 }, (_, i) => [`f${i}.js`, `${i}`] as [string, string]),
    );
    const over = await upload(user.token, id, many);
    expect(over.statusCode).toBe(402);
    expect(errorOf(over).code).toBe('FILE_LIMIT_REACHED');
    const wrongType = await app().inject({
      method: 'PUT',
      url: url(id),
      headers: { authorization: `Bearer ${user.token}`, 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(wrongType.statusCode).toBe(415);
    expect(await tree(user.token, id)).toEqual(before);
  });

  it('follows the project: members download, editors upload, others see nothing', async () => {
    const { owner, editor, viewer, stranger, wsId } = await proTeam(app(), servers.sink);
    const id = String((await createProject(app(), owner.token, { workspace_id: wsId })).id);
    const zip = await zipOf([['notes.md', '# team']]);
    expect((await download(viewer.token, id)).statusCode).toBe(200);
    expect((await upload(viewer.token, id, zip)).statusCode).toBe(404);
    expect((await download(stranger.token, id)).statusCode).toBe(404);
    expect((await upload(stranger.token, id, zip)).statusCode).toBe(404);
    expect((await upload(editor.token, id, zip)).statusCode).toBe(200);
    expect((await tree(owner.token, id)).map((f) => f.path)).toEqual(['main.js', 'notes.md']);
    const signedOut = await app().inject({ method: 'GET', url: url(id) });
    expect(signedOut.statusCode).toBe(401);
  });
});
