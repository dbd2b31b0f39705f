import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';

// initdb inside PGlite's WebAssembly takes ~4 s. Two kinds of template skip it:
// - a directory (dist/pglite-template-<version>/, written by build.mjs): an
//   initialised, cleanly closed and already migrated cluster. A brand-new
//   DATA_DIR/db is a plain file copy of it (~0.2 s) and then opens like an
//   existing one. Unpacking the same cluster from a tarball through PGlite's
//   virtual file system took ~1.5 s, most of the cold-start budget.
// - a tarball (the test helper's): loaded into `memory://` databases.
// Both names carry the PGlite version, so a stale template is never used.

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

/** The template directory for the installed PGlite inside a directory (see build.mjs). */
export async function templateDirPath(dir: string): Promise<string> {
  return path.join(dir, `pglite-template-${await pgliteVersion()}`);
}

/** True when `file` is a directory (a template directory rather than a tarball). */
export async function isDirectory(file: string): Promise<boolean> {
  try {
    return (await fs.stat(file)).isDirectory();
  } catch {
    return false;
  }
}

async function copyTree(from: string, to: string, skip?: string): Promise<void> {
  await fs.mkdir(to, { recursive: true });
  const entries = await fs.readdir(from, { withFileTypes: true });
  await Promise.all(
    entries
      .filter((entry) => entry.name !== skip)
      .map((entry) => {
        const source = path.join(from, entry.name);
        const target = path.join(to, entry.name);
        return entry.isDirectory() ? copyTree(source, target) : fs.copyFile(source, target);
      }),
  );
}

/**
 * Copies a template directory into a new data directory. PG_VERSION, which
 * marks a directory as initialised, is copied last: a copy cut short is seen
 * as brand-new again on the next start and simply redone.
 */
export async function copyTemplateDir(templateDir: string, dataDir: string): Promise<void> {
  await copyTree(templateDir, dataDir, 'PG_VERSION');
  await fs.copyFile(path.join(templateDir, 'PG_VERSION'), path.join(dataDir, 'PG_VERSION'));
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
