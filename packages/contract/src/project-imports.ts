/**
 * Which of a project's files a file imports (issue 46): the AI's context takes the open file's
 * imports and importers, and the preview's bundler resolves a relative import the same way.
 * Read with patterns, not parsers — a missed import only means a file is listed by path instead
 * of shown, never a wrong answer.
 */

/** What a relative import may leave off, tried in this order (as the preview's bundler does). */
export const IMPORT_EXTENSIONS = ['', '.tsx', '.ts', '.jsx', '.js', '.mjs', '.json', '.css'];

interface Paths {
  has(path: string): boolean;
}

/** The folder of a project path ('' at the top). */
export function folderOf(path: string): string {
  const slash = path.lastIndexOf('/');
  return slash === -1 ? '' : path.slice(0, slash);
}

/** `specifier` joined to `folder` as a project path, or null when it climbs out of the project. */
export function joinProjectPath(folder: string, specifier: string): string | null {
  const parts = folder === '' ? [] : folder.split('/');
  for (const segment of specifier.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') {
      if (parts.length === 0) return null;
      parts.pop();
    } else parts.push(segment);
  }
  return parts.length === 0 ? null : parts.join('/');
}

/** The project file a relative `specifier` in `folder` names (extensions and index files tried). */
export function resolveProjectImport(
  files: Paths,
  folder: string,
  specifier: string,
): string | null {
  const base = joinProjectPath(folder, specifier);
  if (base === null) return null;
  for (const ext of IMPORT_EXTENSIONS) if (files.has(base + ext)) return base + ext;
  for (const ext of IMPORT_EXTENSIONS.slice(1))
    if (files.has(`${base}/index${ext}`)) return `${base}/index${ext}`;
  return null;
}

const SCRIPT_IMPORTS = [
  /(?:^|[\s;])(?:import|export)\s[^'"`;]*?\sfrom\s*['"]([^'"]+)['"]/gm,
  /(?:^|[\s;])import\s*['"]([^'"]+)['"]/gm,
  /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g,
  /\brequire\(\s*['"]([^'"]+)['"]\s*\)/g,
];
const CSS_IMPORTS = [/@import\s+(?:url\(\s*)?['"]?([^'")\s;]+)/g];
const HTML_IMPORTS = [
  /<script\b[^>]*\bsrc\s*=\s*["']([^"']+)["']/gi,
  /<link\b[^>]*\bhref\s*=\s*["']([^"']+)["']/gi,
];
const PYTHON_IMPORTS = [
  /^[ \t]*from[ \t]+([.\w]+)[ \t]+import\b/gm,
  /^[ \t]*import[ \t]+([\w.][\w., \t]*)/gm,
];

const extension = (path: string) => /\.[^./]+$/.exec(path)?.[0].toLowerCase() ?? '';
/** What the patterns capture, in the order it appears in `content`. */
const matches = (content: string, patterns: RegExp[]) =>
  patterns
    .flatMap((p) => [...content.matchAll(p)])
    .sort((a, b) => a.index - b.index)
    .map((m) => m[1]!);

/** The module a Python import names, as a project file (`a.b` → a/b.py or a/b/__init__.py). */
function pythonModule(files: Paths, folder: string, name: string): string | null {
  const dots = /^\.*/.exec(name)![0].length;
  let base: string[] = [];
  if (dots > 0) {
    base = folder === '' ? [] : folder.split('/');
    for (let i = 1; i < dots; i++) base.pop();
  }
  const rest = name.slice(dots).split('.').filter(Boolean);
  const path = [...base, ...rest].join('/');
  if (path === '') return null;
  for (const candidate of [`${path}.py`, `${path}/__init__.py`])
    if (files.has(candidate)) return candidate;
  return null;
}

/** The project files `path` imports (in the order it names them, each once). */
export function projectImportsOf(files: Paths, path: string, content: string): string[] {
  const folder = folderOf(path);
  const ext = extension(path);
  const found: Array<string | null> = [];
  if (ext === '.py') {
    for (const named of matches(content, PYTHON_IMPORTS))
      for (const one of named.split(',')) {
        const name = one.trim().split(/\s+/)[0] ?? '';
        found.push(pythonModule(files, folder, name));
      }
  } else {
    const patterns =
      ext === '.css'
        ? CSS_IMPORTS
        : ext === '.html' || ext === '.htm'
          ? HTML_IMPORTS
          : SCRIPT_IMPORTS;
    for (const specifier of matches(content, patterns)) {
      if (/^[a-z][a-z0-9+.-]*:/i.test(specifier) || specifier.startsWith('//')) continue;
      const relative =
        specifier.startsWith('.') || ext === '.html' || ext === '.htm' || ext === '.css';
      if (!relative) continue;
      found.push(resolveProjectImport(files, folder, specifier.replace(/[?#].*$/, '')));
    }
  }
  return [...new Set(found.filter((p): p is string => p !== null && p !== path))];
}
