import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { describe, expect, it } from 'vitest';
import type { VersionSummary } from '@codewright/contract';
import { unzipText } from '../../test/unzip.ts';
import { type ExportSource, projectFolder, streamAccountExport } from './account-export.ts';
import { deviceSummary } from '../auth/device-summary.ts';

/** An in-memory account: `projects` projects, each with `versions` versions of `size` bytes. */
function sourceOf(projects: number, versions: number, size: number): ExportSource {
  const list = Array.from({ length: projects }, (_, i) => ({
    id: `p${i}`,
    name: `Project ${i}`,
    language: 'JavaScript',
  }));
  const codeOf = (p: string, n: number) => `// ${p} v${n}\n`.padEnd(size, 'x');
  return {
    account: async () => ({ id: 'usr_1', email: 'a@example.com' }),
    projects: async () => list,
    project: async (id) => ({ id, name: id, code: codeOf(id, versions) }),
    chat: async () => [],
    files: async (id) => [{ path: 'main.js', content: codeOf(id, versions) }],
    memberProjects: async () => [],
    memberMessages: async () => [],
    async *history(id) {
      for (let n = 1; n <= versions; n += 1) {
        const summary: VersionSummary = {
          id: `${id}-v${n}`,
          number: n,
          source: 'save',
          createdAt: new Date(0).toISOString(),
          authorId: 'usr_1',
          label: null,
          prompt: null,
        };
        yield { ...summary, code: codeOf(id, n) };
      }
    },
  };
}

async function collect(source: ExportSource, maxBytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  await pipeline(
    streamAccountExport(source, { maxBytes, now: new Date(), onError: () => {} }),
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        chunks.push(chunk);
        done();
      },
    }),
  );
  return Buffer.concat(chunks);
}

describe('streamAccountExport', () => {
  it('stops adding files at the cap, lists what it left out, and still writes a valid zip', async () => {
    const zip = await collect(sourceOf(3, 20, 10_000), 200_000);
    const files = await unzipText(zip);
    const manifest = JSON.parse(files.get('manifest.json')!);
    expect(manifest.complete).toBe(false);
    expect(manifest.omitted.length).toBeGreaterThan(0);
    // Code and chat of every project come before any history.
    for (let i = 0; i < 3; i += 1) {
      expect(files.has(`${projectFolder({ id: `p${i}`, name: `Project ${i}` })}/code.js`)).toBe(
        true,
      );
    }
    const content = [...files.entries()]
      .filter(([name]) => name !== 'manifest.json')
      .reduce((sum, [, text]) => sum + Buffer.byteLength(text), 0);
    expect(content).toBeLessThanOrEqual(200_000);
    for (const name of manifest.omitted as string[]) expect(files.has(name)).toBe(false);
  });

  it('holds everything when under the cap', async () => {
    const files = await unzipText(await collect(sourceOf(2, 3, 100), 1_000_000));
    expect(JSON.parse(files.get('manifest.json')!)).toMatchObject({ complete: true, omitted: [] });
    expect(files.get('projects/project-1-p1/versions/3.js')).toBe('// p1 v3\n'.padEnd(100, 'x'));
  });
});

describe('projectFolder', () => {
  it('reads as the project name and cannot leave the projects folder', () => {
    expect(projectFolder({ id: 'proj_1', name: 'My Todo App!' })).toBe(
      'projects/my-todo-app-proj_1',
    );
    expect(projectFolder({ id: '../../etc', name: '../..' })).toBe('projects/______etc');
  });
});

describe('deviceSummary', () => {
  it('names browser and system, marks phones, and answers null for nothing', () => {
    expect(
      deviceSummary(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
      ),
    ).toBe('Safari on iOS (mobile)');
    expect(
      deviceSummary(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0',
      ),
    ).toBe('Firefox on Windows');
    expect(deviceSummary(undefined)).toBeNull();
    expect(deviceSummary('curl/8.0')).toBeNull();
  });
});
