/**
 * The "Export my data" zip (docs/decisions/028), written while it is sent: an entry is read
 * from the database only when the zip writer reaches it, and the writer waits for the client,
 * so a large account costs little memory. Past `maxBytes` of content the remaining entries are
 * left out and listed in manifest.json, which is always written last.
 */
import { Readable } from 'node:stream';
import { ZipFile } from 'yazl';
import { extensionFor, type VersionSummary } from '@codewright/contract';
import type { ExportRow, MemberProject } from './account-export.repository.ts';

/**
 * Where the export reads from: the user's row, the projects of the workspaces they own (whole,
 * with chat and history), and their own messages in team projects of workspaces they belong to.
 */
export interface ExportSource {
  account(): Promise<ExportRow | undefined>;
  projects(): Promise<{ id: string; name: string; language: string }[]>;
  /** Undefined when the project is not (or no longer) in a workspace the user owns. */
  project(projectId: string): Promise<ExportRow | undefined>;
  chat(projectId: string): Promise<ExportRow[]>;
  /** The project's files (its tree; the main file's content is its code). */
  files(projectId: string): Promise<Array<{ path: string; content: string }>>;
  /** Empty when the project is not (or no longer) in a workspace the user owns. */
  history(projectId: string): AsyncIterable<VersionSummary & { code: string }>;
  memberProjects(): Promise<MemberProject[]>;
  /** The user's own messages; undefined once they no longer belong to the project's workspace. */
  memberMessages(projectId: string): Promise<ExportRow[] | undefined>;
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

/** A name a person can read: the name in lower-case letters, digits and -, then the id. */
function readableName(item: { id: string; name: string }): string {
  const slug = item.name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40);
  const id = item.id.replace(/[^A-Za-z0-9_-]/g, '_');
  return `${slug ? `${slug}-` : ''}${id}`;
}

/** The folder of a project of a workspace the user owns: `projects/<name>-<id>`. */
export function projectFolder(project: { id: string; name: string }): string {
  return `projects/${readableName(project)}`;
}

/** The file of the user's own messages in a team project: `workspaces/<workspace>/<project>/messages.json`. */
export function memberMessagesFile(project: MemberProject): string {
  const workspace = readableName({ id: project.workspaceId, name: project.workspaceName });
  return `workspaces/${workspace}/${readableName(project)}/messages.json`;
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
      // The tree, each file at its path (paths are checked relative, docs/api.md).
      for (const file of await source.files(project.id))
        await add(`${folder}/files/${file.path}`, file.content);
      await add(`${folder}/chat.json`, json(await source.chat(project.id)));
    }
    // The user's own messages in team projects: small, so before the histories too.
    let teamProjects = 0;
    for (const project of await source.memberProjects()) {
      if (closed) return;
      const messages = await source.memberMessages(project.id);
      if (!messages) continue;
      const written = {
        yours: true,
        about: `Your own messages in the project "${project.name}" of the workspace "${project.workspaceName}". The project's code, versions and other members' messages belong to that workspace and are not in your export.`,
        workspace: { id: project.workspaceId, name: project.workspaceName, role: project.role },
        project: { id: project.id, name: project.name, language: project.language },
        messages,
      };
      await add(memberMessagesFile(project), json(written));
      teamProjects += 1;
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
      teamProjects,
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
