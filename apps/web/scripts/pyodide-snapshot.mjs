// Makes the Python preview's memory snapshot (docs/decisions/035): run by preview-assets.mjs in
// a child process, `node pyodide-snapshot.mjs <pyodide folder> <output file>`. It starts
// Pyodide from that folder with its snapshot option and writes the state of the started
// interpreter, so a frame's worker restores it instead of starting CPython again.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const [dir, out] = process.argv.slice(2);
if (!dir || !out) throw new Error('usage: pyodide-snapshot.mjs <pyodide folder> <output file>');
const { loadPyodide } = await import(pathToFileURL(path.join(dir, 'pyodide.mjs')).href);
const pyodide = await loadPyodide({
  indexURL: `${path.resolve(dir)}/`,
  packages: [],
  _makeSnapshot: true,
  stdout: () => {},
  stderr: () => {},
});
fs.writeFileSync(out, pyodide.makeMemorySnapshot());
