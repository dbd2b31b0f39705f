import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';

// initdb inside PGlite's WebAssembly takes ~4 s; unpacking a tarball of a
// freshly initialised cluster takes ~0.5 s. The build (and the test helper)
// make such a tarball once so a brand-new DATA_DIR starts fast too. The file
// name carries the PGlite version, so a stale tarball is never used.

/** The installed PGlite version, read from its package.json. */
export async function pgliteVersion(): Promise<string> {
  const require = createRequire(import.meta.url);
  let dir = path.dirname(require.resolve('@electric-sql/pglite'));
  for (let i = 0; i < 4; i++, dir = path.dirname(dir)) {
    try {
      const pkg = JSON.parse(await fs.readFile(path.join(dir, 'package.json'), 'utf8')) as {
        name?: string;
        version?: string;
      };
      if (pkg.name === '@electric-sql/pglite' && pkg.version) return pkg.version;
    } catch {
      // keep walking up
    }
  }
  return 'unknown';
}

/** The template file name for the installed PGlite inside a directory. */
export async function templatePath(dir: string): Promise<string> {
  return path.join(dir, `pglite-template-${await pgliteVersion()}.tar`);
}

/** Reads a template tarball, or undefined when there is none. */
export async function readTemplate(file: string): Promise<Blob | undefined> {
  try {
    return new Blob([await fs.readFile(file)]);
  } catch {
    return undefined;
  }
}

/** Writes a template tarball of an empty, initialised cluster (atomic: temp file + rename). */
export async function writeTemplate(file: string): Promise<void> {
  const { PGlite } = await import('@electric-sql/pglite');
  const db = await PGlite.create('memory://');
  try {
    const dump = await db.dumpDataDir('none');
    await fs.mkdir(path.dirname(file), { recursive: true });
    const tmp = `${file}.${process.pid}.${Date.now()}.tmp`;
    await fs.writeFile(tmp, Buffer.from(await dump.arrayBuffer()));
    await fs.rename(tmp, file);
  } finally {
    await db.close();
  }
}
