/**
 * A project's files as a .zip, out and in (issue 45, docs/api.md § Project files). Reading is
 * untrusted input (DESIGN §3.12): entries are checked before anything is kept — no `..`, no
 * absolute path, no symlink, no entry that inflates more than 100:1, text only, and at most the
 * plan's files and bytes, counted from the archive's own sizes and checked again as it inflates.
 */
import yauzl from 'yauzl';
import { ZipFile } from 'yazl';
import { projectFilePathProblem } from '@codewright/contract';
import { AppError } from '../../lib/app-error.ts';

/** An entry inflating past this many times its stored size is refused (a zip bomb). */
export const ZIP_MAX_RATIO = 100;
const MB = 1024 * 1024;
/** S_IFMT and S_IFLNK of the Unix mode a zip keeps in the high half of its external attributes. */
const FILE_TYPE_MASK = 0o170000;
const SYMLINK = 0o120000;

export interface ZipLimits {
  maxFiles: number;
  maxBytes: number;
}

const refused = (message: string) => new AppError('VALIDATION_ERROR', 400, message);

/** The text files of a zip, by path; throws a 400 (402 / 413 for the plan) naming the entry. */
export function readProjectZip(
  zip: Buffer,
  limits: ZipLimits,
): Promise<Array<{ path: string; content: string }>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(zip, { lazyEntries: true, validateEntrySizes: true }, (openError, archive) => {
      if (openError || !archive)
        return reject(refused(`The upload is not a readable .zip (${openError?.message}).`));
      const files: Array<{ path: string; content: string }> = [];
      const seen = new Set<string>();
      let bytes = 0;
      let failed = false;
      const fail = (error: AppError) => {
        if (failed) return;
        failed = true;
        archive.close();
        reject(error);
      };
      archive.on('error', (error: Error) =>
        fail(refused(`The .zip cannot be read: ${error.message}.`)),
      );
      archive.on('end', () => !failed && resolve(files));
      archive.on('entry', (entry: yauzl.Entry) => {
        const name = entry.fileName;
        if (name.endsWith('/')) return archive.readEntry(); // a folder: its files bring it
        const problem = projectFilePathProblem(name);
        if (problem) return fail(refused(`${name}: the path ${problem}.`));
        if (((entry.externalFileAttributes >>> 16) & FILE_TYPE_MASK) === SYMLINK)
          return fail(refused(`${name}: symbolic links are not accepted; add the file itself.`));
        if (seen.has(name)) return fail(refused(`${name}: the .zip holds this path twice.`));
        seen.add(name);
        const size = entry.uncompressedSize;
        if (size > 0 && (entry.compressedSize === 0 || size / entry.compressedSize > ZIP_MAX_RATIO))
          return fail(
            refused(
              `${name}: it inflates more than ${ZIP_MAX_RATIO}:1 (${size} bytes from ${entry.compressedSize}); such archives are refused.`,
            ),
          );
        if (seen.size > limits.maxFiles)
          return fail(
            new AppError(
              'FILE_LIMIT_REACHED',
              402,
              `The .zip holds more than the ${limits.maxFiles} files a project may hold on this plan.`,
            ),
          );
        bytes += size;
        if (bytes > limits.maxBytes)
          return fail(
            new AppError(
              'PROJECT_TOO_LARGE',
              413,
              `The .zip's files total more than the ${limits.maxBytes / MB} MB a project may hold on this plan.`,
            ),
          );
        archive.openReadStream(entry, (streamError, stream) => {
          if (streamError || !stream)
            return fail(refused(`${name}: it cannot be read (${streamError?.message}).`));
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('error', (error: Error) => fail(refused(`${name}: ${error.message}.`)));
          stream.on('end', () => {
            const content = textOf(Buffer.concat(chunks));
            if (content === null)
              return fail(refused(`${name}: only text files are accepted (UTF-8, no NUL bytes).`));
            files.push({ path: name, content });
            archive.readEntry();
          });
        });
      });
      archive.readEntry();
    });
  });
}

/** UTF-8 text without NUL (what PostgreSQL text holds), or null for anything else. */
function textOf(buffer: Buffer): string | null {
  if (buffer.includes(0)) return null;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(buffer);
  } catch {
    return null;
  }
}

/** A .zip of the files, each at its path, dated when it last changed. */
export function writeProjectZip(
  files: Array<{ path: string; content: string; updatedAt: string }>,
): Promise<Buffer> {
  const zip = new ZipFile();
  for (const file of files)
    zip.addBuffer(Buffer.from(file.content, 'utf8'), file.path, {
      mtime: new Date(file.updatedAt),
    });
  zip.end();
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    zip.outputStream.on('data', (chunk: Buffer) => chunks.push(chunk));
    zip.outputStream.on('error', reject);
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
  });
}
