/**
 * Prompts of AI requests across a project's files (issue 46, docs/decisions/048): which files
 * the model sees, under a budget of estimated tokens — the open file, the files it imports and
 * that import it, the files the user pinned — and which it only sees listed by path; then the
 * prompt asking for one tagged section per file (tree-answer-parse.ts). The headings
 * (`Language:`, `Request:`, `Current code:`, `Instructions:`) stay those of a one-file prompt,
 * `Current code:` holding the open file, so the test model server reads both alike.
 */
import { codePromptHead, fenceCode, fenceTagFor } from './ai.ts';
import { estimateCodeTokens, WHOLE_ANSWER_MAX_TOKENS } from './edit-format.ts';
import { projectImportsOf } from './project-imports.ts';
import { DIVIDER_MARKER, REPLACE_MARKER, SEARCH_MARKER } from './search-replace.ts';

/** Estimated tokens (CODE_CHARS_PER_TOKEN) the files shown whole may take together, the open one included. */
export const TREE_CONTEXT_TOKEN_BUDGET = 4_000;
/** Most paths listed (not shown) in one prompt; past it the list says how many more there are. */
export const TREE_LISTED_PATHS_MAX = 200;

/** Why a file is shown to the model. */
export type ContextReason = 'open' | 'imported' | 'importer' | 'pinned';

export interface TreeContextInput {
  /** Every file of the project (path → content). */
  files: ReadonlyMap<string, string>;
  /** The file in the editor: always shown. */
  openPath: string;
  /** Files the user added to the context (shown when they fit, before imports). */
  pinned?: readonly string[];
  /** Files the user took out of the context (listed by path only). */
  excluded?: readonly string[];
  budgetTokens?: number;
}

export interface TreeContext {
  /** Shown whole, in this order. */
  shown: Array<{ path: string; reason: ContextReason; tokens: number }>;
  /** Would be shown, but did not fit the budget: listed by path. */
  overBudget: string[];
  /** Every other file, by path (sorted). */
  listed: string[];
}

/**
 * The files an AI request across the project shows, in order of use to it: the open file (always),
 * the pinned ones, its imports, its importers — each only while the total fits the budget.
 */
export function selectTreeContext(input: TreeContextInput): TreeContext {
  const { files, openPath } = input;
  const budget = input.budgetTokens ?? TREE_CONTEXT_TOKEN_BUDGET;
  const excluded = new Set(input.excluded ?? []);
  const candidates: Array<{ path: string; reason: ContextReason }> = [
    { path: openPath, reason: 'open' },
  ];
  for (const path of input.pinned ?? []) candidates.push({ path, reason: 'pinned' });
  const open = files.get(openPath) ?? '';
  for (const path of projectImportsOf(files, openPath, open))
    candidates.push({ path, reason: 'imported' });
  for (const [path, content] of files)
    if (path !== openPath && projectImportsOf(files, path, content).includes(openPath))
      candidates.push({ path, reason: 'importer' });

  const shown: TreeContext['shown'] = [];
  const overBudget: string[] = [];
  const taken = new Set<string>();
  let used = 0;
  for (const { path, reason } of candidates) {
    const content = files.get(path);
    if (content === undefined || taken.has(path)) continue;
    if (reason !== 'open' && excluded.has(path)) continue;
    taken.add(path);
    const tokens = estimateCodeTokens(content);
    if (reason === 'open' || used + tokens <= budget) {
      shown.push({ path, reason, tokens });
      used += tokens;
    } else overBudget.push(path);
  }
  const listed = [...files.keys()].filter((p) => !taken.has(p)).sort();
  return { shown, overBudget, listed };
}

export interface TreePromptInput {
  language: string;
  request: string;
  files: ReadonlyMap<string, string>;
  /** The main file (the project's code): never deleted. */
  mainPath: string;
  context: TreeContext;
}

const REASONS: Record<ContextReason, string> = {
  open: 'the open file',
  imported: 'imported by the open file',
  importer: 'imports the open file',
  pinned: 'added by the user',
};

/** The section rules of a tagged answer, naming the files that must be edited by blocks. */
function sectionRules(blockPaths: readonly string[]): string[] {
  const rules = [
    'Answer with a one-sentence explanation, then one section for each file you change, add or delete, each tag alone on its line:',
    '',
    '<file path="folder/name.ext">',
    '(the complete new content of the file)',
    '</file>',
    '',
    '<edit path="folder/name.ext">',
    SEARCH_MARKER,
    '(lines copied exactly from the current file)',
    DIVIDER_MARKER,
    '(the lines that replace them)',
    REPLACE_MARKER,
    '</edit>',
    '',
    '<delete path="folder/name.ext" />',
    '',
    'Rules:',
    '- Use <file> for a new file or a short file you rewrite, <edit> to change a file in places, <delete> to remove one. Name each file once.',
    '- Paths are relative to the project, with / between folders; no "..".',
    '- Change only what the request needs; leave every other file out of the answer.',
    '- In <edit>, SEARCH copies existing lines exactly and matches one place only; keep blocks small. To add lines, SEARCH for the line before them and repeat it in REPLACE.',
    '- Only files shown above can be edited; send a listed file whole only if you must replace it.',
  ];
  if (blockPaths.length > 0)
    rules.push(
      `- These files are too long to send back whole: use <edit> for ${blockPaths.join(', ')}.`,
    );
  return rules;
}

/**
 * The prompt of a request across the project: the open file as `Current code:`, the other files
 * shown whole under `Other files:`, the rest listed, then the tagged answer's rules.
 */
export function buildTreePrompt({
  language,
  request,
  files,
  mainPath,
  context,
}: TreePromptInput): string {
  const [open, ...others] = context.shown;
  if (!open) throw new RangeError('the context must show the open file');
  const fence = (path: string) => fenceCode(fenceTagOf(path, language), files.get(path) ?? '');
  const parts = [
    ...codePromptHead(language, request, fence(open.path)),
    `(That is ${open.path}${open.path === mainPath ? ', the main file' : ''}.)`,
  ];
  if (others.length > 0) {
    parts.push('', 'Other files:');
    for (const file of others)
      parts.push(`File ${file.path} (${REASONS[file.reason]}):`, fence(file.path));
  }
  const listed = [...context.overBudget, ...context.listed];
  if (listed.length > 0) {
    const shownList = listed.slice(0, TREE_LISTED_PATHS_MAX);
    const more = listed.length - shownList.length;
    parts.push(
      '',
      `Other files of the project (not shown): ${shownList.join(', ')}${more > 0 ? ` and ${more} more` : ''}.`,
    );
  }
  const blockPaths = context.shown
    .filter((f) => f.tokens > WHOLE_ANSWER_MAX_TOKENS)
    .map((f) => f.path);
  parts.push(
    '',
    `Instructions: the project's main file is ${mainPath}; it cannot be deleted.`,
    ...sectionRules(blockPaths),
  );
  return parts.join('\n');
}

const FENCE_BY_EXTENSION: Readonly<Record<string, string>> = {
  js: 'javascript',
  mjs: 'javascript',
  cjs: 'javascript',
  jsx: 'jsx',
  ts: 'typescript',
  tsx: 'tsx',
  py: 'python',
  css: 'css',
  html: 'html',
  json: 'json',
  md: 'markdown',
};

/** The fence tag of a file: by its extension, else the project's language. */
function fenceTagOf(path: string, language: string): string {
  const ext = /\.([^./]+)$/.exec(path)?.[1]?.toLowerCase();
  return (ext && FENCE_BY_EXTENSION[ext]) || fenceTagFor(language);
}

/** First line of the rules a generation in a saved project adds (the test model reads it). */
export const TREE_GENERATION_HEADING = 'Several files:';

/**
 * What a first generation in a saved project adds after the one-file instructions: the app may
 * instead come as several files, each in a `<file>` section, the main file among them. An answer
 * of one fenced block is still the main file's (tree-answer.ts).
 */
export function treeGenerationRules(mainPath: string): string {
  return [
    '',
    `${TREE_GENERATION_HEADING} when the app is clearer as several files (a component, its helpers, its styles), answer instead with a short explanation and then one section per file, each tag alone on its line:`,
    '',
    '<file path="folder/name.ext">',
    '(the complete content of the file)',
    '</file>',
    '',
    `The project's main file is ${mainPath}: it must be one of them, and it imports the others with relative paths. Paths are relative to the project, with / between folders; no "..".`,
  ].join('\n');
}
