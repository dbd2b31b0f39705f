// (Over 300 lines: most of it is the 20-file, 3,000-line project the bench sends, written out
// so the figures never change; the measuring is the last part.)
// Budget (issue 46): for an edit of one function in a 20-file, 3,000-line project, the prompt
// sent is under 30% of the tokens a whole-project prompt would take.
// The project is a deterministic React task app (src/main.jsx → App.jsx → 7 components, 3 hooks
// and 8 helper modules of 100–250 lines; main.jsx 12). The edit renames formatDueDate in src/lib/dates.js
// (the open file, which 8 modules import). Its prompt is selectTreeContext + buildTreePrompt as
// the generator builds it (the open file, its imports and importers within 4,000 estimated
// tokens, the rest listed); the whole-project prompt the same with every file pinned and no
// budget. Each goes through POST /api/ai/codewright/text (stream: false, meter edit) to the
// scripted test model (e2e/fixtures/model-server.mjs, in this process) — or, when it is over the
// API's 100,000-character prompt limit (the whole project's is), straight to the test model —
// and is measured as the model recorded it: the user message's characters ÷ 3
// (estimateCodeTokens), and the prompt_tokens it reports (JSON of the messages ÷ 4). The server
// runs as `npm start` runs it (the built bundle; BENCH_FROM_SOURCE=1: from source through tsx)
// on a fresh DATA_DIR.
// treeBenchProject() is also the base tree of bench/tree-answer.mjs.
// Usage: [TREE_PROMPT_PORT=3963] node bench/tree-prompt.mjs
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The edit: one function of the open file renamed. */
export const TREE_BENCH_EDIT = {
  openPath: 'src/lib/dates.js',
  from: 'formatDueDate',
  to: 'formatDueLabel',
};

const FIELDS = ['title', 'due', 'priority', 'owner', 'status', 'tag', 'createdAt', 'estimate'];
const cap = (s) => s[0].toUpperCase() + s.slice(1);

// Function templates: %name% the function, %noun% what it handles, %field% the field it reads,
// %dep% a function it calls (imported from a module it depends on, or its local `clean`).
const TEMPLATES = {
  filter: [
    '/**',
    ' * The %noun%s of `items` whose %field% matches `query`, at most `limit` of them.',
    ' */',
    'export function %name%(items, query, { limit = 50, strict = false } = {}) {',
    "  const wanted = String(query ?? '').trim().toLowerCase();",
    "  if (wanted === '') return items.slice(0, limit);",
    '  const result = [];',
    '  for (const item of items) {',
    '    if (!item || item.archived) continue;',
    '    const value = %dep%(item.%field%);',
    '    const hit = strict ? value === wanted : value.includes(wanted);',
    '    if (hit) result.push(item);',
    '    if (result.length >= limit) break;',
    '  }',
    '  return result;',
    '}',
  ],
  group: [
    '/** Groups %noun%s by their %field%, each group in the order given. */',
    'export function %name%(items) {',
    '  const groups = new Map();',
    '  for (const item of items) {',
    "    const key = %dep%(item.%field%) || 'none';",
    '    const group = groups.get(key);',
    '    if (group) group.push(item);',
    '    else groups.set(key, [item]);',
    '  }',
    '  return [...groups.entries()].map(([key, members]) => ({',
    '    key,',
    '    count: members.length,',
    '    members,',
    '  }));',
    '}',
  ],
  compare: [
    '/** Compares two %noun%s by %field%, then by title; missing values sort last. */',
    "export function %name%(a, b, direction = 'asc') {",
    "  const sign = direction === 'desc' ? -1 : 1;",
    '  const left = a?.%field%;',
    '  const right = b?.%field%;',
    '  if (left == null && right == null) return 0;',
    '  if (left == null) return 1;',
    '  if (right == null) return -1;',
    '  if (left < right) return -sign;',
    '  if (left > right) return sign;',
    '  return String(%dep%(a.title)).localeCompare(String(%dep%(b.title)));',
    '}',
  ],
  check: [
    "/** What is wrong with a %noun%'s %field%, or null when it is fine. */",
    'export function %name%(value, { required = true, max = 120 } = {}) {',
    "  if (value == null || value === '') return required ? 'is required' : null;",
    '  const text = String(value);',
    '  if (text.length > max) return `must be at most ${max} characters`;',
    "  if (/[<>]/.test(text)) return 'must not contain < or >';",
    "  if (%dep%(text) === '') return 'must not be blank';",
    '  return null;',
    '}',
  ],
  summarize: [
    '/** Totals of the %noun%s: how many, how many done or late, and the share done. */',
    'export function %name%(items, now = new Date()) {',
    '  let done = 0;',
    '  let late = 0;',
    '  for (const item of items) {',
    '    if (item.done) done += 1;',
    '    else if (item.%field% && new Date(item.%field%) < now) late += 1;',
    '  }',
    '  const total = items.length;',
    '  return {',
    '    total,',
    '    done,',
    '    late,',
    '    open: total - done,',
    '    percent: total === 0 ? 0 : Math.round((done / total) * 100),',
    '    label: %dep%(`${done} of ${total}`),',
    '  };',
    '}',
  ],
  load: [
    '/** Loads the %noun%s from the server, retrying once when the network fails. */',
    'export async function %name%(baseUrl, { signal, retries = 1 } = {}) {',
    '  let attempt = 0;',
    '  for (;;) {',
    '    try {',
    '      const res = await fetch(`${baseUrl}/%noun%s`, { signal });',
    '      if (!res.ok) throw new Error(`%noun%s: HTTP ${res.status}`);',
    '      const body = await res.json();',
    '      return body.items.map((item) => ({ ...item, %field%: %dep%(item.%field%) }));',
    '    } catch (error) {',
    '      if (signal?.aborted || attempt >= retries) throw error;',
    '      attempt += 1;',
    '      await new Promise((resolve) => setTimeout(resolve, 200 * attempt));',
    '    }',
    '  }',
    '}',
  ],
  relative: [
    '/** The %field% of a %noun% as a short label: "today", "tomorrow", "in 3 days", "2 days ago". */',
    'export function %name%(value, now = new Date()) {',
    "  if (!value) return '';",
    '  const date = value instanceof Date ? value : new Date(value);',
    "  if (Number.isNaN(date.getTime())) return '';",
    '  const days = Math.round((startOfDay(date) - startOfDay(now)) / DAY_MS);',
    "  if (days === 0) return 'today';",
    "  if (days === 1) return 'tomorrow';",
    "  if (days === -1) return 'yesterday';",
    '  return days > 0 ? `in ${days} days` : `${-days} days ago`;',
    '}',
  ],
  hook: [
    '/** %Noun% state for its %field%, kept in step with the latest value; returns its setters. */',
    'export function %name%(initial) {',
    '  const [value, setValue] = useState(initial);',
    '  const [error, setError] = useState(null);',
    '  const latest = useRef(value);',
    '  useEffect(() => {',
    '    latest.current = value;',
    '  }, [value]);',
    '  const update = useCallback((next) => {',
    "    const resolved = typeof next === 'function' ? next(latest.current) : next;",
    '    setError(null);',
    '    setValue(resolved);',
    '  }, []);',
    '  const reset = useCallback(() => setValue(initial), [initial]);',
    '  return { value, error, update, reset, setError, label: %dep%(value) };',
    '}',
  ],
  row: [
    '/** One %noun% row: its title, its %field% and the actions on it. */',
    'export function %name%({ item, onSelect, onRemove, selected = false }) {',
    '  const [hover, setHover] = useState(false);',
    '  const label = %dep%(item.%field%);',
    '  return (',
    '    <li',
    "      className={selected ? 'row row--selected' : 'row'}",
    '      onMouseEnter={() => setHover(true)}',
    '      onMouseLeave={() => setHover(false)}',
    '    >',
    '      <button type="button" className="row__title" onClick={() => onSelect(item.id)}>',
    '        {item.title}',
    '      </button>',
    '      <span className="row__meta">{label}</span>',
    '      {hover ? (',
    '        <button type="button" className="row__remove" onClick={() => onRemove(item.id)}>',
    '          Remove',
    '        </button>',
    '      ) : null}',
    '    </li>',
    '  );',
    '}',
  ],
  panel: [
    '/** The %noun%s as a section with a heading, sorted by %field%, and an empty state. */',
    "export function %name%({ items, title = '%Noun%s', onSelect }) {",
    '  const sorted = useMemo(',
    '    () => [...items].sort((a, b) => String(%dep%(a.%field%)).localeCompare(String(%dep%(b.%field%)))),',
    '    [items],',
    '  );',
    '  if (sorted.length === 0) {',
    '    return (',
    '      <section className="panel panel--empty">',
    '        <h2>{title}</h2>',
    '        <p>No %noun%s yet.</p>',
    '      </section>',
    '    );',
    '  }',
    '  return (',
    '    <section className="panel">',
    '      <h2>',
    '        {title} <small>({sorted.length})</small>',
    '      </h2>',
    '      <ul className="panel__list">',
    '        {sorted.map((item) => (',
    '          <li key={item.id}>',
    '            <button type="button" onClick={() => onSelect?.(item.id)}>',
    '              {item.title}',
    '            </button>',
    '          </li>',
    '        ))}',
    '      </ul>',
    '    </section>',
    '  );',
    '}',
  ],
};

const VERB = {
  filter: 'filter',
  group: 'group',
  compare: 'compare',
  check: 'check',
  summarize: 'summarize',
  load: 'load',
  relative: 'describe',
  hook: 'use',
  row: '',
  panel: '',
};

/**
 * The project's modules, leaves first: path, kind (lib, hook, component), line count, the
 * modules it imports, its first export (name and template) and the templates of the rest.
 */
const MODULES = [
  [
    'src/lib/dates.js',
    'lib',
    170,
    [],
    ['formatDueDate', 'relative'],
    ['relative', 'compare', 'group', 'check'],
  ],
  ['src/lib/storage.js', 'lib', 110, [], ['readStored', 'load'], ['check', 'group']],
  ['src/hooks/useDebounce.js', 'hook', 100, [], ['useDebounce', 'hook'], ['hook']],
  ['src/components/Modal.jsx', 'component', 100, [], ['Modal', 'panel'], ['row']],
  [
    'src/lib/format.js',
    'lib',
    150,
    ['src/lib/dates.js'],
    ['formatTitle', 'check'],
    ['group', 'summarize', 'compare'],
  ],
  [
    'src/lib/validate.js',
    'lib',
    200,
    ['src/lib/dates.js'],
    ['validateTask', 'check'],
    ['check', 'filter'],
  ],
  [
    'src/lib/sort.js',
    'lib',
    150,
    ['src/lib/dates.js'],
    ['sortTasks', 'compare'],
    ['compare', 'group'],
  ],
  [
    'src/lib/filter.js',
    'lib',
    220,
    ['src/lib/dates.js', 'src/lib/format.js'],
    ['filterTasks', 'filter'],
    ['filter', 'group', 'check'],
  ],
  [
    'src/lib/stats.js',
    'lib',
    160,
    ['src/lib/dates.js', 'src/lib/sort.js'],
    ['summarizeTasks', 'summarize'],
    ['summarize', 'group'],
  ],
  [
    'src/lib/api.js',
    'lib',
    158,
    ['src/lib/validate.js'],
    ['fetchTasks', 'load'],
    ['load', 'check'],
  ],
  [
    'src/hooks/useLocalStorage.js',
    'hook',
    100,
    ['src/lib/storage.js'],
    ['useLocalStorage', 'hook'],
    ['hook'],
  ],
  [
    'src/hooks/useTasks.js',
    'hook',
    240,
    ['src/lib/api.js', 'src/lib/storage.js', 'src/hooks/useLocalStorage.js', 'src/lib/validate.js'],
    ['useTasks', 'hook'],
    ['hook', 'filter', 'group'],
  ],
  [
    'src/components/Header.jsx',
    'component',
    100,
    ['src/lib/format.js'],
    ['Header', 'panel'],
    ['row'],
  ],
  [
    'src/components/TaskItem.jsx',
    'component',
    190,
    ['src/lib/dates.js', 'src/lib/format.js', 'src/components/Modal.jsx'],
    ['TaskItem', 'row'],
    ['row', 'panel'],
  ],
  [
    'src/components/TaskList.jsx',
    'component',
    150,
    ['src/components/TaskItem.jsx', 'src/lib/sort.js'],
    ['TaskList', 'panel'],
    ['panel', 'row'],
  ],
  [
    'src/components/TaskForm.jsx',
    'component',
    250,
    ['src/lib/validate.js', 'src/lib/dates.js', 'src/hooks/useDebounce.js'],
    ['TaskForm', 'panel'],
    ['row', 'check'],
  ],
  [
    'src/components/FilterBar.jsx',
    'component',
    120,
    ['src/hooks/useDebounce.js', 'src/lib/filter.js'],
    ['FilterBar', 'panel'],
    ['row'],
  ],
  [
    'src/components/StatsPanel.jsx',
    'component',
    160,
    ['src/lib/stats.js', 'src/lib/format.js', 'src/lib/dates.js'],
    ['StatsPanel', 'panel'],
    ['panel', 'summarize'],
  ],
];

const NOUNS = ['task', 'project', 'label', 'comment', 'reminder', 'member', 'board', 'note'];
const WORDS = ['overdue', 'today', 'soon', 'later', 'blocked', 'review', 'waiting', 'someday'];

/** A relative import specifier from `from`'s folder to `to`. */
function specifier(from, to) {
  const rel = path.posix.relative(path.posix.dirname(from), to);
  return rel.startsWith('.') ? rel : `./${rel}`;
}

function fill(template, vars) {
  return template.map((line) => line.replace(/%(\w+)%/g, (_, key) => vars[key]));
}

/**
 * The bench's 20-file project (path → content), the same every run: 3,000 lines of JSX and
 * JavaScript, each module importing the first two exports of the modules it depends on.
 */
export function treeBenchProject() {
  const files = new Map();
  const exportsOf = new Map();
  MODULES.forEach(([file, kind, target, deps, [primary, primaryTemplate], templates], m) => {
    const lines = [
      `// ${path.posix.basename(file)}: ${kind === 'component' ? 'components' : kind === 'hook' ? 'a hook' : 'helpers'} of the task board.`,
    ];
    const hooks =
      kind === 'component'
        ? 'useMemo, useState'
        : kind === 'hook'
          ? 'useCallback, useEffect, useRef, useState'
          : null;
    if (hooks) lines.push(`import { ${hooks} } from 'react';`);
    const imported = [];
    for (const dep of deps) {
      const names = exportsOf.get(dep).slice(0, 2);
      imported.push(...names);
      lines.push(`import { ${names.join(', ')} } from '${specifier(file, dep)}';`);
    }
    lines.push('', "const clean = (value) => String(value ?? '').trim().toLowerCase();");
    if (templates.includes('relative') || primaryTemplate === 'relative')
      lines.push(
        'export const DAY_MS = 24 * 60 * 60 * 1000;',
        '',
        '/** Midnight of the day `date` falls on, in local time (ms). */',
        'export function startOfDay(date) {',
        '  const d = new Date(date);',
        '  d.setHours(0, 0, 0, 0);',
        '  return d.getTime();',
        '}',
      );
    // Only plain helpers are called from other modules; a component calls its helpers' values.
    const callable = imported.filter((n) => /^[a-z]/.test(n) && !/^use/.test(n));
    const names = [];
    let k = 0;
    const next = () => {
      if (k === 0) return { name: primary, template: primaryTemplate };
      const template = templates[(k - 1) % templates.length];
      const noun = NOUNS[(k + m) % NOUNS.length];
      const field = FIELDS[(k * 3 + m) % FIELDS.length];
      const verb = VERB[template];
      const base = `${cap(noun)}${template === 'panel' || template === 'row' ? cap(template) : `By${cap(field)}`}${k}`;
      return { name: verb ? `${verb}${base}` : base, template, noun, field };
    };
    for (;;) {
      const fn = next();
      const noun = fn.noun ?? 'task';
      const field = fn.field ?? 'due';
      const dep = callable.length > 0 ? callable[k % callable.length] : 'clean';
      const body = fill(TEMPLATES[fn.template], {
        name: fn.name,
        noun,
        Noun: cap(noun),
        field,
        dep,
      });
      if (lines.length + 1 + body.length + 3 > target) break;
      lines.push('', ...body);
      names.push(fn.name);
      k += 1;
    }
    // The rest of the lines: the module's labels, one a line.
    const left = target - lines.length;
    if (left >= 3) {
      lines.push(
        '',
        `export const ${path.posix.basename(file).replace(/\..*$/, '').toUpperCase()}_LABELS = {`,
      );
      for (let i = 0; i < left - 3; i++)
        lines.push(`  ${WORDS[i % WORDS.length]}${i}: '${cap(WORDS[i % WORDS.length])} ${i}',`);
      lines.push('};');
    } else for (let i = 0; i < left; i++) lines.push('');
    exportsOf.set(file, names);
    files.set(file, `${lines.join('\n')}\n`);
  });

  // App.jsx: the page, with the components and the hook; main.jsx renders it.
  const appImports = [
    'src/components/Header.jsx',
    'src/components/TaskList.jsx',
    'src/components/TaskForm.jsx',
    'src/components/FilterBar.jsx',
    'src/components/StatsPanel.jsx',
    'src/hooks/useTasks.js',
    'src/lib/filter.js',
  ];
  const app = [
    '// App.jsx: the task board page.',
    "import { useMemo, useState } from 'react';",
    ...appImports.map(
      (dep) => `import { ${exportsOf.get(dep)[0]} } from '${specifier('src/App.jsx', dep)}';`,
    ),
    '',
    'export default function App() {',
    '  const tasks = useTasks([]);',
    "  const [query, setQuery] = useState('');",
    '  const [selected, setSelected] = useState(null);',
    '  const shown = useMemo(() => filterTasks(tasks.value, query), [tasks.value, query]);',
    '  return (',
    '    <main className="board">',
    '      <Header items={shown} title="Tasks" onSelect={setSelected} />',
    '      <FilterBar items={shown} title="Filter" onSelect={setQuery} />',
    '      <TaskList items={shown} onSelect={setSelected} />',
    '      <TaskForm items={shown} title="New task" onSelect={(id) => tasks.update(id)} />',
    '      <StatsPanel items={tasks.value} title="Progress" onSelect={setSelected} />',
    '      {selected ? <p className="board__selected">Selected: {selected}</p> : null}',
    '    </main>',
    '  );',
    '}',
  ];
  const appTarget = 160;
  let k = 0;
  for (;;) {
    const template = ['panel', 'filter', 'group'][k % 3];
    const noun = NOUNS[k % NOUNS.length];
    const body = fill(TEMPLATES[template], {
      name: template === 'panel' ? `${cap(noun)}Section${k}` : `${template}${cap(noun)}s${k}`,
      noun,
      Noun: cap(noun),
      field: FIELDS[k % FIELDS.length],
      dep: 'String',
    });
    if (app.length + 1 + body.length > appTarget) break;
    app.push('', ...body);
    k += 1;
  }
  while (app.length < appTarget) app.push('');
  files.set('src/App.jsx', `${app.join('\n')}\n`);
  files.set(
    'src/main.jsx',
    [
      '// main.jsx: mounts the task board.',
      "import { StrictMode } from 'react';",
      "import { createRoot } from 'react-dom/client';",
      "import App from './App.jsx';",
      '',
      "const root = document.getElementById('root');",
      '',
      'createRoot(root).render(',
      '  <StrictMode>',
      '    <App />',
      '  </StrictMode>,',
      ');',
      '',
    ].join('\n'),
  );
  return files;
}

/** Lines of a file as the editor counts them (a final newline ends the last line). */
export const lineCount = (content) => content.replace(/\n$/, '').split('\n').length;

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { tsImport } = await import('tsx/esm/api');
  const lib = await import('./lib.mjs');
  const { startModelServer } = await import('../e2e/fixtures/model-server.mjs');
  const { selectTreeContext, buildTreePrompt } = await tsImport(
    '../packages/contract/src/tree-prompts.ts',
    import.meta.url,
  );
  const { estimateCodeTokens } = await tsImport(
    '../packages/contract/src/edit-format.ts',
    import.meta.url,
  );
  const { AI_PROMPT_MAX_CHARS } = await tsImport('../packages/contract/src/ai.ts', import.meta.url);

  const PORT = Number(process.env.TREE_PROMPT_PORT ?? 3963);
  const BUDGET_PERCENT = 30;
  const files = treeBenchProject();
  const lines = [...files.values()].reduce((n, c) => n + lineCount(c), 0);
  const { openPath, from, to } = TREE_BENCH_EDIT;
  if (!files.get(openPath).includes(`export function ${from}(`))
    throw new Error(`${openPath} has no function ${from}`);
  const request = `Rename the function ${from} to ${to}`;
  const prompt = (context) =>
    buildTreePrompt({ language: 'JavaScript', request, files, mainPath: 'src/main.jsx', context });
  const contextOf = {
    context: selectTreeContext({ files, openPath }),
    whole: selectTreeContext({
      files,
      openPath,
      pinned: [...files.keys()],
      budgetTokens: Number.POSITIVE_INFINITY,
    }),
  };
  const prompts = { context: prompt(contextOf.context), whole: prompt(contextOf.whole) };
  const model = await startModelServer({ port: 0 });
  const dataDir = lib.benchTempDir('tree-prompt-bench-');
  const logFile = path.join(dataDir, 'server.log');
  const app = lib.startAiServer(PORT, dataDir, model.url, {}, logFile);
  const base = `http://127.0.0.1:${PORT}`;
  /** Straight to the test model: its answer as the app's shape (text, finishReason, usage). */
  const directCall = async (messages) => {
    const res = await fetch(`${model.url}/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'codewright-test-model', messages, stream: false }),
    });
    if (!res.ok) throw new Error(`the test model answered ${res.status}`);
    const { choices, usage } = await res.json();
    return {
      text: choices[0].message.content,
      finishReason: choices[0].finish_reason,
      usage: { inputTokens: usage.prompt_tokens },
    };
  };
  try {
    await lib.waitFor200(`${base}/api/health`, performance.now(), 120_000);
    const { access_token: token } = await lib.signUpPro(
      base,
      `tree-prompt-${Date.now()}@example.com`,
      'bench-password',
    );
    const rows = [];
    const figures = {};
    for (const kind of ['context', 'whole']) {
      const before = model.requests.length;
      // A prompt over the API's limit (AI_PROMPT_MAX_CHARS) cannot go through the app: it goes
      // to the test model straight, as the app would pass it on (one user message).
      const viaApp = prompts[kind].length <= AI_PROMPT_MAX_CHARS;
      const messages = [{ role: 'user', content: prompts[kind] }];
      const answer = viaApp
        ? await lib.requestJson(
            base,
            'POST',
            '/api/ai/codewright/text',
            { messages, meter: 'edit', stream: false },
            token,
          )
        : await directCall(messages);
      const record = model.requests[before];
      if (!record || model.requests.length !== before + 1)
        throw new Error(`the model recorded ${model.requests.length - before} calls, not 1`);
      const user = record.body.messages.filter((m) => m.role === 'user').at(-1);
      if (user.content !== prompts[kind])
        throw new Error(`the ${kind} prompt reached the model altered`);
      const { shown, overBudget, listed } = contextOf[kind];
      figures[kind] = {
        files_shown: shown.length,
        files_listed: overBudget.length + listed.length,
        chars: user.content.length,
        tokens: estimateCodeTokens(user.content),
        model_prompt_tokens: answer.usage?.inputTokens ?? null,
        via: viaApp ? 'app' : `model (over ${AI_PROMPT_MAX_CHARS} chars)`,
        finish_reason: answer.finishReason,
      };
      rows.push({
        prompt: kind === 'context' ? 'context (4,000-token budget)' : 'whole project',
        ...figures[kind],
      });
    }
    const percent = (figures.context.tokens / figures.whole.tokens) * 100;
    const modelPercent =
      figures.context.model_prompt_tokens && figures.whole.model_prompt_tokens
        ? (figures.context.model_prompt_tokens / figures.whole.model_prompt_tokens) * 100
        : null;
    const pass = percent < BUDGET_PERCENT;
    rows.push({
      prompt: `context ÷ whole (budget < ${BUDGET_PERCENT}%)`,
      tokens: `${percent.toFixed(1)}%`,
      model_prompt_tokens: modelPercent === null ? null : `${modelPercent.toFixed(1)}%`,
      pass,
    });
    lib.report('tree-prompt', rows, {
      bench: 'tree-prompt',
      files: files.size,
      lines,
      open_file: openPath,
      request,
      context: figures.context,
      whole: figures.whole,
      percent_of_whole: percent,
      model_percent_of_whole: modelPercent,
      budget_percent: BUDGET_PERCENT,
      pass,
    });
    console.log(
      `${files.size} files, ${lines} lines: the edit's prompt is ${figures.context.tokens} tokens, ${percent.toFixed(1)}% of the whole project's ${figures.whole.tokens} (budget < ${BUDGET_PERCENT}%): ${pass ? 'PASS' : 'FAIL'}`,
    );
    process.exitCode = pass ? 0 : 1;
  } catch (error) {
    console.error('bench tree-prompt failed:', error);
    console.error(`server log: ${logFile}`);
    process.exitCode = 1;
  } finally {
    await lib.stop(app);
    await model.close();
    if (process.exitCode === 0) fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
