// Budget (issue 46): parsing and preparing the review of a 10-file answer, under 50 ms.
// The answer touches 10 files of bench/tree-prompt.mjs's 20-file, 3,000-line project: 4 sent
// whole (<file>: 2 new, 2 rewritten, ~150 lines each, 2 of them fenced as models do), 5 edited
// (<edit>: 2–3 SEARCH/REPLACE blocks each, in files of 190–250 lines) and 1 deleted (<delete />).
// One run is what the generator does once the answer is in: applyTreeAnswer (parse, apply the
// blocks, the proposed tree) then prepareTreeReview(base, proposed) (each changed file's hunks),
// packages/contract through tsx, in this process. Timed over RUNS runs after a warm-up; the
// first (cold) run is printed too. The budget holds when p95 is under 50 ms.
// Usage: node bench/tree-answer.mjs [runs=200]
import { tsImport } from 'tsx/esm/api';
import { percentile, report } from './lib.mjs';
import { lineCount, treeBenchProject } from './tree-prompt.mjs';

const RUNS = Math.max(20, Number(process.argv[2] ?? 200));
const WARMUP = 20;
const BUDGET_MS = 50;
const { applyTreeAnswer } = await tsImport(
  '../packages/contract/src/tree-answer.ts',
  import.meta.url,
);
const { prepareTreeReview } = await tsImport(
  '../packages/contract/src/tree-review.ts',
  import.meta.url,
);

const base = treeBenchProject();
const lines = (path) => base.get(path).replace(/\n$/, '').split('\n');

/** A whole file: the lines of `from` (150–160 lines), its names changed (`Task` → `rename`). */
function wholeFile(from, rename) {
  return lines(from).map((l) =>
    l.replaceAll('Task', rename).replaceAll('task', rename.toLowerCase()),
  );
}

/**
 * The SEARCH/REPLACE blocks of an edit of `path`: for `count` functions spread over the file,
 * SEARCH its signature and the 3 lines after it (one place only: the names are unique), REPLACE
 * them with the function renamed, a guard added and its first line changed.
 */
function editBlocks(path, count) {
  const file = lines(path);
  const starts = file.flatMap((l, i) => (/^export (async )?function \w+\(/.test(l) ? [i] : []));
  const picked = Array.from(
    { length: count },
    (_, k) => starts[Math.floor(((k + 0.5) * starts.length) / count)],
  );
  return picked.map((at) => {
    const search = file.slice(at, at + 4);
    const [signature, first, ...rest] = search;
    const replace = [
      signature.replace(/function (\w+)\(/, 'function $1Checked('),
      '  if (arguments.length === 0) throw new TypeError("nothing to work on");',
      `${first} // reviewed`,
      ...rest,
    ];
    return ['<<<<<<< SEARCH', ...search, '=======', ...replace, '>>>>>>> REPLACE'].join('\n');
  });
}

const fence = (body) => ['```jsx', ...body, '```'];
const sections = [
  [
    '<file path="src/lib/recurrence.js">',
    ...wholeFile('src/lib/stats.js', 'Recurrence'),
    '</file>',
  ],
  [
    '<file path="src/components/TaskBadge.jsx">',
    ...fence(wholeFile('src/components/TaskList.jsx', 'Badge')),
    '</file>',
  ],
  ['<file path="src/lib/sort.js">', ...wholeFile('src/lib/sort.js', 'Job'), '</file>'],
  ['<file path="src/lib/format.js">', ...fence(wholeFile('src/lib/format.js', 'Item')), '</file>'],
  ...[
    ['src/lib/validate.js', 3],
    ['src/lib/filter.js', 2],
    ['src/hooks/useTasks.js', 3],
    ['src/components/TaskForm.jsx', 2],
    ['src/components/TaskItem.jsx', 3],
  ].map(([path, count]) => [`<edit path="${path}">`, ...editBlocks(path, count), '</edit>']),
  ['<delete path="src/components/Modal.jsx" />'],
];
const text = [
  'Tasks can now repeat: a recurrence module and a badge, the helpers renamed, the checks guarded and the unused modal removed.',
  '',
  ...sections.map((s) => s.join('\n')).flatMap((s) => [s, '']),
].join('\n');

/** One run: the answer parsed and applied, then the review of the tree it proposes. */
function run() {
  const t0 = performance.now();
  const result = applyTreeAnswer({
    files: base,
    mainPath: 'src/main.jsx',
    language: 'JavaScript',
    text,
    finishReason: 'stop',
  });
  const t1 = performance.now();
  if (result.status !== 'ready') throw new Error(`the answer was ${result.status}`);
  const reviews = prepareTreeReview(base, result.files);
  const t2 = performance.now();
  return { result, reviews, applyMs: t1 - t0, reviewMs: t2 - t1, ms: t2 - t0 };
}

const cold = run();
const { result, reviews } = cold;
if (result.refused.length > 0 || result.unapplied.length > 0)
  throw new Error(`refused ${result.refused.length}, unapplied ${result.unapplied.length}`);
if (reviews.length !== 10) throw new Error(`the review lists ${reviews.length} files, not 10`);
for (let i = 0; i < WARMUP; i++) run();
const samples = [];
for (let i = 0; i < RUNS; i++) samples.push(run());
const ms = samples.map((s) => s.ms);
const p95 = percentile(ms, 95);
const pass = p95 < BUDGET_MS;
const count = (status) => reviews.filter((r) => r.status === status).length;
const figures = {
  p50_ms: percentile(ms, 50),
  p95_ms: p95,
  max_ms: Math.max(...ms),
  cold_ms: cold.ms,
  apply_p50_ms: percentile(
    samples.map((s) => s.applyMs),
    50,
  ),
  review_p50_ms: percentile(
    samples.map((s) => s.reviewMs),
    50,
  ),
};
const fixed = (x) => Number(x.toFixed(2));
report(
  'tree-answer',
  [
    {
      files: reviews.length,
      added: count('added'),
      changed: count('changed'),
      deleted: count('deleted'),
      hunks: reviews.reduce((n, r) => n + r.hunks.length, 0),
      answer_chars: text.length,
      ...Object.fromEntries(Object.entries(figures).map(([k, v]) => [k, fixed(v)])),
      budget_ms: BUDGET_MS,
      pass,
    },
  ],
  {
    bench: 'tree-answer',
    base_files: base.size,
    base_lines: [...base.values()].reduce((n, c) => n + lineCount(c), 0),
    answer_files: reviews.length,
    answer_chars: text.length,
    runs: RUNS,
    ...figures,
    budget_ms: BUDGET_MS,
    pass,
  },
);
console.log(
  `10-file answer parsed, applied and reviewed: p50 ${fixed(figures.p50_ms)} ms, p95 ${fixed(p95)} ms, max ${fixed(figures.max_ms)} ms over ${RUNS} runs (budget p95 < ${BUDGET_MS} ms): ${pass ? 'PASS' : 'FAIL'}`,
);
process.exitCode = pass ? 0 : 1;
