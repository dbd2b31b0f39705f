import { describe, expect, it } from 'vitest';
import type { PreviewProblem, PreviewProblemKind } from '../preview.ts';
import {
  fixDefaultExport,
  fixJsxCloser,
  fixPythonIndentation,
  fixReactHookImport,
  fixUnavailablePackage,
  NO_DEFAULT_EXPORT_MESSAGE,
  quickFixFor,
} from './index.ts';

const problem = (
  kind: PreviewProblemKind,
  message: string,
  line: number | null = null,
  column: number | null = null,
): PreviewProblem => ({ kind, message, line, column });

const lines = (...l: string[]) => `${l.join('\n')}\n`;

describe('fixReactHookImport', () => {
  const notDefined = problem('runtime', 'ReferenceError: useState is not defined', 3, 29);

  it('adds the missing hooks to the named imports of react', () => {
    const code = lines(
      "import { useEffect } from 'react';",
      'export default function Counter() {',
      '  const [n, setN] = useState(0);',
      '  const box = useRef(null);',
      '  useEffect(() => {}, []);',
      '  return <button onClick={() => setN(n + 1)}>{n}</button>;',
      '}',
    );
    const fix = fixReactHookImport({ code, path: 'App.tsx', problem: notDefined });
    expect(fix?.title).toBe('Import useState, useRef from react');
    expect(fix?.code.split('\n')[0]).toBe("import { useEffect, useState, useRef } from 'react';");
    expect(fix?.code.split('\n').slice(1)).toEqual(code.split('\n').slice(1));
  });

  it('adds named imports beside a default import, a new line below a namespace import, or a first line', () => {
    const body = lines('export default function A() {', '  const [n] = useState(0);', '}');
    expect(
      fixReactHookImport({
        code: `import React from "react";\n${body}`,
        path: 'a.jsx',
        problem: notDefined,
      })?.code.split('\n')[0],
    ).toBe('import React, { useState } from "react";');
    expect(
      fixReactHookImport({
        code: `import * as React from 'react';\n${body}`,
        path: 'a.tsx',
        problem: notDefined,
      })?.code,
    ).toBe(`import * as React from 'react';\nimport { useState } from 'react';\n${body}`);
    expect(
      fixReactHookImport({ code: `'use client';\n${body}`, path: 'a.tsx', problem: notDefined })
        ?.code,
    ).toBe(`'use client';\nimport { useState } from 'react';\n${body}`);
  });

  it('changes nothing where the hook is imported, declared, or the problem is another', () => {
    const correct = lines(
      "import { useState } from 'react';",
      'export default () => { const [n] = useState(0); return n; };',
    );
    expect(fixReactHookImport({ code: correct, path: 'a.tsx', problem: notDefined })).toBeNull();
    const own = lines('function useState() { return [0]; }', 'const [n] = useState();');
    expect(fixReactHookImport({ code: own, path: 'a.tsx', problem: notDefined })).toBeNull();
    const other = problem('runtime', 'ReferenceError: fetchData is not defined');
    expect(fixReactHookImport({ code: correct, path: 'a.tsx', problem: other })).toBeNull();
    expect(fixReactHookImport({ code: correct, path: 'a.py', problem: notDefined })).toBeNull();
  });
});

describe('fixDefaultExport', () => {
  const none = problem('render', `${NO_DEFAULT_EXPORT_MESSAGE} (it exports App).`);

  it('makes App, or the one exported component, the default export', () => {
    const code = lines(
      'export function Header() { return null; }',
      'function App() { return <Header />; }',
    );
    const fix = fixDefaultExport({ code, path: 'main.tsx', problem: none });
    expect(fix?.code).toBe(`${code}\nexport default App;\n`);
    const one = lines('export const Card = () => <div />;');
    expect(fixDefaultExport({ code: one, path: 'card.jsx', problem: none })?.code).toBe(
      `${one}\nexport default Card;\n`,
    );
  });

  it('changes nothing with a default export already, or no single candidate', () => {
    const correct = lines('export default function App() { return null; }');
    expect(fixDefaultExport({ code: correct, path: 'a.tsx', problem: none })).toBeNull();
    const two = lines('export function A() {}', 'export function B() {}');
    expect(fixDefaultExport({ code: two, path: 'a.tsx', problem: none })).toBeNull();
  });
});

describe('fixUnavailablePackage', () => {
  const missing = problem('compile', 'package axios is not available in the preview', 1, 1);

  it('takes out every import of the package, over several lines too, leaving a note', () => {
    const code = lines(
      "import axios from 'axios';",
      'import {',
      '  AxiosError,',
      "} from 'axios/errors';",
      "import { useState } from 'react';",
    );
    const fix = fixUnavailablePackage({ code, path: 'a.ts', problem: missing });
    expect(fix?.code).toBe(
      lines(
        "// axios is not available in the preview, so this import was taken out: import axios from 'axios';",
        "// axios is not available in the preview, so this import was taken out: import { AxiosError, } from 'axios/errors';",
        "import { useState } from 'react';",
      ),
    );
  });

  it('changes nothing without an import of it, or for another package of the same prefix', () => {
    const code = lines("import axiosRetry from 'axios-retry';");
    expect(fixUnavailablePackage({ code, path: 'a.ts', problem: missing })).toBeNull();
  });
});

describe('fixJsxCloser', () => {
  it('gives the closer the name of the tag it closes, where the build points', () => {
    const code = lines(
      'export default function A() {',
      '  return <div><span>hi</div></span>;',
      '}',
    );
    const first = fixJsxCloser({
      code,
      path: 'a.tsx',
      problem: problem(
        'compile',
        'Unexpected closing "div" tag does not match opening "span" tag',
        2,
        25,
      ),
    });
    expect(first?.code.split('\n')[1]).toBe('  return <div><span>hi</span></span>;');
    const second = fixJsxCloser({
      code: first!.code,
      path: 'a.tsx',
      problem: problem(
        'compile',
        'Unexpected closing "span" tag does not match opening "div" tag',
        2,
        32,
      ),
    });
    expect(second?.code).toBe(
      lines('export default function A() {', '  return <div><span>hi</span></div>;', '}'),
    );
  });

  it('changes nothing when the place is not such a closer', () => {
    const code = lines('const a = <div>ok</div>;');
    const p = problem(
      'compile',
      'Unexpected closing "div" tag does not match opening "span" tag',
      1,
      5,
    );
    expect(fixJsxCloser({ code, path: 'a.tsx', problem: p })).toBeNull();
  });
});

describe('fixPythonIndentation', () => {
  const tabError = problem(
    'runtime',
    'TabError: inconsistent use of tabs and spaces in indentation',
    3,
    null,
  );

  it('indents with spaces, a tab to the next multiple of four', () => {
    const code = lines('def f():', '    x = 1', '\treturn x', '  \ty = 2');
    expect(fixPythonIndentation({ code, path: 'main.py', problem: tabError })?.code).toBe(
      lines('def f():', '    x = 1', '    return x', '    y = 2'),
    );
  });

  it('changes nothing without tabs, or in another language', () => {
    const code = lines('def f():', '    return 1');
    expect(fixPythonIndentation({ code, path: 'main.py', problem: tabError })).toBeNull();
    expect(fixPythonIndentation({ code: '\tx', path: 'a.js', problem: tabError })).toBeNull();
  });
});

describe('quickFixFor', () => {
  it('finds the fixer for the problem, and nothing for a problem no fixer knows', () => {
    const code = lines('export default () => { const r = useRef(null); return r; };');
    expect(
      quickFixFor({
        code,
        path: 'a.tsx',
        problem: problem('runtime', 'ReferenceError: useRef is not defined'),
      })?.kind,
    ).toBe('react-hook-import');
    expect(
      quickFixFor({
        code,
        path: 'a.tsx',
        problem: problem('runtime', 'TypeError: x is undefined'),
      }),
    ).toBeNull();
  });
});
