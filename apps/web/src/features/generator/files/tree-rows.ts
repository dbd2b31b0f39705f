import { comparePaths } from '@codewright/contract';
import type { TreeFile } from './use-project-files.ts';

/** One line of the tree: a folder (from the paths) or a file. */
export type Row =
  | { kind: 'folder'; key: string; name: string; depth: number }
  | { kind: 'file'; key: string; name: string; depth: number; file: TreeFile };

/** The tree's lines in path order, each folder once before its first file. */
export function treeRows(files: readonly TreeFile[]): Row[] {
  const rows: Row[] = [];
  const folders = new Set<string>();
  for (const file of [...files].sort((a, b) => comparePaths(a.path, b.path))) {
    const parts = file.path.split('/');
    for (let i = 0; i < parts.length - 1; i += 1) {
      const key = parts.slice(0, i + 1).join('/');
      if (folders.has(key)) continue;
      folders.add(key);
      rows.push({ kind: 'folder', key: `${key}/`, name: parts[i]!, depth: i });
    }
    rows.push({
      kind: 'file',
      key: file.path,
      name: parts.at(-1)!,
      depth: parts.length - 1,
      file,
    });
  }
  return rows;
}
