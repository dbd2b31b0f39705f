import { zipSync, type Zippable } from 'fflate';

/**
 * A folder chosen for upload (issue 45), as a .zip for the files route: the server then checks it
 * as it checks any .zip (paths, text only, the plan's files and bytes, docs/api.md § Project
 * files). The folder itself is not a path: `my-app/src/a.js` becomes `src/a.js`. Installed
 * packages, version control and caches are left out, and so is any file that is not text, which
 * the server would refuse; the caller tells the user which.
 */

/** Folders an upload leaves out, at any depth. */
const LEFT_OUT_FOLDERS = new Set(['node_modules', '.git', '__pycache__', '.venv', '.DS_Store']);

export interface FolderZip {
  /** The chosen folder's name. */
  name: string;
  zip: Blob;
  /** How many files the zip holds. */
  count: number;
  /** Files left out because they are not text (UTF-8 without NUL bytes), by path. */
  notText: string[];
}

/** A file picked from a folder: its path below the picked folder's parent. */
export type FolderFile = Blob & { name: string; webkitRelativePath?: string; lastModified: number };

/**
 * The text files of a picked folder as an uncompressed .zip (nothing to inflate past the
 * server's 100:1 check), throwing a message for the user when none are left or they are over
 * `maxBytes` together.
 */
export async function zipFolder(
  files: readonly FolderFile[],
  maxBytes: number,
): Promise<FolderZip> {
  const entries: Zippable = {};
  const notText: string[] = [];
  let name = '';
  let count = 0;
  let bytes = 0;
  for (const file of files) {
    const segments = (file.webkitRelativePath || file.name).split('/');
    const path = segments.length > 1 ? segments.slice(1).join('/') : segments[0]!;
    if (segments.length > 1) name ||= segments[0]!;
    if (segments.some((segment) => LEFT_OUT_FOLDERS.has(segment))) continue;
    bytes += file.size;
    if (bytes > maxBytes)
      throw new Error(
        `The folder's files are over ${maxBytes / 1024 / 1024} MB together; upload a smaller folder.`,
      );
    const data = new Uint8Array(await file.arrayBuffer());
    if (!isText(data)) {
      notText.push(path);
      continue;
    }
    entries[path] = [data, { level: 0, mtime: file.lastModified }];
    count += 1;
  }
  if (count === 0)
    throw new Error(
      notText.length > 0
        ? 'The folder holds no text files (only text files can be project files).'
        : 'The folder holds no files to add.',
    );
  const zipped = zipSync(entries);
  return {
    name: name || 'folder',
    zip: new Blob([new Uint8Array(zipped)], { type: 'application/zip' }),
    count,
    notText,
  };
}

/** UTF-8 without NUL bytes: what a project file may hold. */
function isText(data: Uint8Array): boolean {
  if (data.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(data);
    return true;
  } catch {
    return false;
  }
}
