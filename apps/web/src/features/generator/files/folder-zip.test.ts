import { describe, expect, it } from 'vitest';
import { unzipSync } from 'fflate';
import { zipFolder, type FolderFile } from './folder-zip.ts';

/** A file as a folder picker gives it: its path below the picked folder's parent. */
const picked = (path: string, content: string | Uint8Array<ArrayBuffer>): FolderFile =>
  Object.assign(new Blob([content]), {
    name: path.slice(path.lastIndexOf('/') + 1),
    webkitRelativePath: path,
    lastModified: Date.UTC(2026, 10, 1),
  });

describe('zipFolder', () => {
  it('keeps each text file at its path below the picked folder, byte for byte', async () => {
    const result = await zipFolder(
      [
        picked('my-app/index.html', '<h1>Hi</h1>\n'),
        picked('my-app/src/app.js', 'export const é = "ü";\n'),
        picked('my-app/src/lib/util.js', ''),
      ],
      1024,
    );
    expect(result.name).toBe('my-app');
    expect(result.count).toBe(3);
    expect(result.notText).toEqual([]);
    const entries = unzipSync(new Uint8Array(await result.zip.arrayBuffer()));
    expect(Object.keys(entries).sort()).toEqual(['index.html', 'src/app.js', 'src/lib/util.js']);
    expect(new TextDecoder().decode(entries['src/app.js'])).toBe('export const é = "ü";\n');
    expect(entries['src/lib/util.js']).toHaveLength(0);
  });

  it('leaves out installed packages, version control and files that are not text', async () => {
    const result = await zipFolder(
      [
        picked('app/main.py', 'print(1)\n'),
        picked('app/node_modules/react/index.js', 'module.exports = 1;\n'),
        picked('app/.git/HEAD', 'ref: refs/heads/main\n'),
        picked('app/pkg/__pycache__/m.cpython-312.pyc', 'x'),
        picked('app/logo.png', new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 13])),
        picked('app/latin1.txt', new Uint8Array([0x63, 0x61, 0x66, 0xe9])),
      ],
      1024,
    );
    expect(result.count).toBe(1);
    expect(result.notText).toEqual(['logo.png', 'latin1.txt']);
    const entries = unzipSync(new Uint8Array(await result.zip.arrayBuffer()));
    expect(Object.keys(entries)).toEqual(['main.py']);
  });

  it('says so when nothing is left to add', async () => {
    await expect(zipFolder([picked('app/a.bin', new Uint8Array([0, 1]))], 1024)).rejects.toThrow(
      'The folder holds no text files (only text files can be project files).',
    );
    await expect(zipFolder([picked('app/node_modules/x.js', 'x')], 1024)).rejects.toThrow(
      'The folder holds no files to add.',
    );
  });

  it('refuses a folder over the size it is given before reading on', async () => {
    const MB = 1024 * 1024;
    const big = (path: string) => picked(path, 'a'.repeat(0.6 * MB));
    await expect(zipFolder([big('app/a.txt'), big('app/b.txt')], MB)).rejects.toThrow(
      "The folder's files are over 1 MB together; upload a smaller folder.",
    );
  });
});
