/**
 * The "Export my data" zip (docs/decisions/028), written while it is sent: an entry is read
 * from the database only when the zip writer reaches it, and the writer waits for the client,
 * so a large account costs little memory. Past `maxBytes` of content the remaining entries are
 * left out and listed in manifest.json, which is always written last.
 */
import { Readable } from 'node:stream';
import { ZipFile } from 'yazl';
import { extensionFor, type VersionSummary } from '@codewright/contract';
import type { ExportRow } from './account-export.repository.ts';

/** Where the export reads from: the user's rows and their projects' histories. */
export interface ExportSource {
  account(): Promise<ExportRow | undefined>;
  projects(): Promise<{ id: string; name: string; language: string }[]>;
  project(projectId: string): Promise<ExportRow | undefined>;
  chat(projectId: string): Promise<ExportRow[]>;
  history(projectId: string): AsyncIterable<VersionSummary & { code: string }>;
}

export interface ExportOptions {
  maxBytes: number;
  now: Date;
  /** Called once when reading fails mid-way; the zip stream is destroyed after it. */
  onError(error: unknown): void;
}

/** Version of the export's layout, in manifest.json. */
export const EXPORT_FORMAT = 1;

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

/** A folder name a person can read: the project's name in lower-case letters, digits and -, then its id. */
export function projectFolder(project: { id: string; name: string }): string {
  const slug = project.name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40);
  const id = project.id.replace(/[^A-Za-z0-9_-]/g, '_');
  return `projects/${slug ? `${slug}-` : ''}${id}`;
}

/** Starts writing the user's export; answers the zip's byte stream. */
export function streamAccountExport(source: ExportSource, options: ExportOptions): Readable {
  const zip = new ZipFile();
  const out = zip.outputStream as Readable;
  let closed = false;
  const whenClosed = new Promise<void>((resolve) =>
    out.once('close', () => {
      closed = true;
      resolve();
    }),
  );
  let bytes = 0;
  const omitted: string[] = [];
  const mtime = options.now;

  /** Adds one entry when it fits the cap; resolves once the writer has reached it. */
  async function add(name: string, text: string, always = false): Promise<boolean> {
    const body = Buffer.from(text, 'utf8');
    if (!always && bytes + body.length > options.maxBytes) {
      omitted.push(name);
      return false;
    }
    bytes += body.length;
    const reached = new Promise<void>((resolve) =>
      zip.addReadStreamLazy(name, { mtime, size: body.length }, (done) => {
        resolve();
        done(null, Readable.from([body]));
      }),
    );
    await Promise.race([reached, whenClosed]);
    return !closed;
  }

  async function write() {
    await add('account.json', json((await source.account()) ?? null), true);
    const projects = await source.projects();
    // Code and chat of every project first; the histories, which can be large, after them.
    for (const project of projects) {
      if (closed) return;
      const row = await source.project(project.id);
      if (!row) continue;
      const folder = projectFolder(project);
      const { code, ...fields } = row;
      await add(`${folder}/project.json`, json(fields));
      await add(`${folder}/code.${extensionFor(project.language)}`, String(code ?? ''));
      await add(`${folder}/chat.json`, json(await source.chat(project.id)));
    }
    for (const project of projects) {
      if (closed) return;
      const folder = projectFolder(project);
      const ext = extensionFor(project.language);
      const versions: (VersionSummary & { file: string | null })[] = [];
      for await (const { code, ...summary } of source.history(project.id)) {
        if (closed) return;
        const file = `versions/${summary.number}.${ext}`;
        const kept = await add(`${folder}/${file}`, code);
        versions.push({ ...summary, file: kept ? file : null });
      }
      if (versions.length > 0) await add(`${folder}/versions.json`, json(versions));
    }
    const manifest = {
      format: EXPORT_FORMAT,
      exportedAt: options.now.toISOString(),
      projects: projects.length,
      complete: omitted.length === 0,
      maxBytes: options.maxBytes,
      omitted,
    };
    await add('manifest.json', json(manifest), true);
    zip.end();
  }

  write().catch((error: unknown) => {
    options.onError(error);
    out.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return out;
}
