// Budget (issue 45): the preview of a 20-file React project after an edit, p50 under 300 ms warm.
// This measures the server's share: POST /api/preview/{project}/build with the edited file and
// the project's 19 other files (components, helpers, a data file, a stylesheet), from request to
// last byte, after a warm-up; the frame's run of the module is the sandbox's (preview-ready.mjs).
// The server runs as `npm start` runs it (the built bundle).
// Usage: [PREVIEW_FILES_PORT=3961] [PREVIEW_FILES_RUNS=30] node bench/preview-files.mjs
import { median, report, requestJson, signUpPro, withTempServer } from './lib.mjs';

const PORT = Number(process.env.PREVIEW_FILES_PORT ?? 3961);
const RUNS = Math.max(5, Number(process.env.PREVIEW_FILES_RUNS ?? 30));
const BUDGET_MS = 300;

/** A 20-file project: App.tsx imports 15 components, 2 helpers, a data file and a stylesheet. */
function project() {
  const files = [];
  for (let i = 0; i < 15; i += 1)
    files.push({
      path: `src/components/Card${i}.tsx`,
      content:
        `import { useState } from 'react';\nimport { format } from '../lib/format';\nexport function Card${i}({ title }: { title: string }) {\n  const [open, setOpen] = useState(false);\n  return (\n    <section className="card">\n      <button onClick={() => setOpen((o) => !o)}>{format(title)}</button>\n      {open ? <p>Card ${i} details</p> : null}\n    </section>\n  );\n}\n`.repeat(
          1,
        ),
    });
  files.push({
    path: 'src/lib/format.ts',
    content: 'export const format = (s: string) => s.trim().toUpperCase();\n',
  });
  files.push({
    path: 'src/lib/sum.ts',
    content: 'export const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);\n',
  });
  files.push({
    path: 'src/data.json',
    content: JSON.stringify({
      items: Array.from({ length: 50 }, (_, i) => ({ id: i, title: `Item ${i}` })),
    }),
  });
  files.push({
    path: 'src/styles.css',
    content: '.card { padding: 1rem; border: 1px solid #ccc; }\n'.repeat(20),
  });
  const imports = Array.from(
    { length: 15 },
    (_, i) => `import { Card${i} } from './components/Card${i}';`,
  ).join('\n');
  const cards = Array.from(
    { length: 15 },
    (_, i) => `<Card${i} title={data.items[${i}].title} />`,
  ).join('\n      ');
  const app = (edit) =>
    `${imports}\nimport { sum } from './lib/sum';\nimport data from './data.json';\nimport './styles.css';\n\nexport default function App() {\n  return (\n    <main>\n      <h1>Total {sum([1, 2, ${edit}])}</h1>\n      ${cards}\n    </main>\n  );\n}\n`;
  return { files, app };
}

await withTempServer(
  'preview-files-bench-',
  PORT,
  { NODE_ENV: 'production', RATE_LIMIT_MAX: '1000000000' },
  async ({ base }) => {
    const { access_token: token } = await signUpPro(
      base,
      `preview-files-${Date.now()}@example.com`,
      'bench-password',
    );
    const { files, app } = project();
    const build = async (edit) => {
      const started = performance.now();
      const result = await requestJson(
        base,
        'POST',
        '/api/preview/codewright/build',
        { language: 'typescript', path: 'src/App.tsx', code: app(edit), files },
        token,
      );
      const ms = performance.now() - started;
      if (!result.ok) throw new Error(`build failed: ${JSON.stringify(result.errors)}`);
      return { ms, bytes: result.code.length, css: result.css?.length ?? 0 };
    };
    const cold = await build(0);
    for (let i = 0; i < 3; i += 1) await build(i); // warm-up
    const samples = [];
    let last;
    for (let i = 0; i < RUNS; i += 1) {
      last = await build(100 + i);
      samples.push(last.ms);
    }
    const p50 = median(samples);
    const sorted = [...samples].sort((a, b) => a - b);
    const p95 = sorted[Math.floor(sorted.length * 0.95)];
    report(
      'preview-files',
      [
        {
          files: files.length + 1,
          cold_ms: cold.ms.toFixed(1),
          warm_p50_ms: p50.toFixed(1),
          warm_p95_ms: p95.toFixed(1),
          module_chars: last.bytes,
          css_chars: last.css,
        },
      ],
      {
        bench: 'preview-files',
        files: files.length + 1,
        runs: RUNS,
        cold_ms: cold.ms,
        p50_ms: p50,
        p95_ms: p95,
        budget_ms: BUDGET_MS,
        pass: p50 < BUDGET_MS,
      },
    );
  },
);
