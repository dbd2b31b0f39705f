// The SDK's project files (client.db.from('project_files'), downloadFiles, uploadFiles) against
// the real buildApp() over HTTP (CONVENTIONS §12).
import { describe, expect, it } from 'vitest';
import { isCodewrightError } from '@codewright/sdk';
import { aroundTests } from '../../test/around-tests.ts';
import { createTestApp } from '../../test/test-app.ts';
import { signedInClient } from '../../test/sdk-client.ts';
import { unzipText } from '../../test/unzip.ts';

const server = aroundTests(
  'the app is',
  async () => {
    const t = await createTestApp();
    return { t, baseUrl: await t.app.listen({ port: 0, host: '127.0.0.1' }) };
  },
  async ({ t }) => t.close(),
);

describe('client.db project files', () => {
  it('adds, renames and lists files, and takes a project out and in as a .zip', async () => {
    const client = await signedInClient(server().t.app, server().baseUrl);
    const [project] = await client.db
      .from('projects')
      .insert({ name: 'Tree', language: 'TypeScript', code: 'import { a } from "./a";' });
    const id = project!.id;
    const [file] = await client.db
      .from('project_files')
      .insert({ projectId: id, path: 'a.ts', content: 'export const a = 1;' });
    expect(file).toMatchObject({ projectId: id, path: 'a.ts', isMain: false });
    await client.db.from('project_files').update({ path: 'src/a.ts' }).eq('id', file!.id);
    const files = await client.db
      .from('project_files')
      .select('path,isMain')
      .eq('projectId', id)
      .order('path');
    expect(files).toEqual([
      { path: 'main.ts', isMain: true },
      { path: 'src/a.ts', isMain: false },
    ]);

    const zip = await client.db.downloadFiles(id);
    expect(zip.type).toBe('application/zip');
    const bytes = Buffer.from(await zip.arrayBuffer());
    expect(Object.fromEntries(await unzipText(bytes))).toEqual({
      'main.ts': 'import { a } from "./a";',
      'src/a.ts': 'export const a = 1;',
    });
    const [copy] = await client.db
      .from('projects')
      .insert({ name: 'Copy', language: 'TypeScript' });
    expect(await client.db.uploadFiles(copy!.id, zip)).toEqual({ created: 1, replaced: 1 });
    const refused = await client.db
      .uploadFiles(copy!.id, new Blob(['not a zip']))
      .catch((error: unknown) => error);
    expect(isCodewrightError(refused) && refused.code).toBe('VALIDATION_ERROR');
  });
});
