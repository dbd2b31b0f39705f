import { describe, expect, it } from 'vitest';
import { joinProjectPath, projectImportsOf, resolveProjectImport } from './project-imports.ts';

const files = new Set([
  'src/App.jsx',
  'src/lib/util.ts',
  'src/lib/index.js',
  'src/styles.css',
  'src/base.css',
  'src/data.json',
  'index.html',
  'js/app.js',
  'main.py',
  'helper.py',
  'tools/__init__.py',
  'tools/numbers.py',
]);

describe('resolveProjectImport', () => {
  it('tries the extensions and index files a bundler does, and never leaves the project', () => {
    expect(resolveProjectImport(files, 'src', './lib/util')).toBe('src/lib/util.ts');
    expect(resolveProjectImport(files, 'src', './lib')).toBe('src/lib/index.js');
    expect(resolveProjectImport(files, 'src/lib', '../data.json')).toBe('src/data.json');
    expect(resolveProjectImport(files, 'src', '../../etc/passwd')).toBeNull();
    expect(joinProjectPath('', '..')).toBeNull();
  });
});

describe('projectImportsOf', () => {
  it('reads the relative imports of a script, of every form, each once', () => {
    const code = [
      "import React from 'react';",
      "import { greet } from './lib/util';",
      "import './styles.css';",
      "export { x } from './lib';",
      "const data = require('./data.json');",
      "const lazy = import('./lib/util');",
      "import missing from './missing';",
    ].join('\n');
    expect(projectImportsOf(files, 'src/App.jsx', code)).toEqual([
      'src/lib/util.ts',
      'src/styles.css',
      'src/lib/index.js',
      'src/data.json',
    ]);
  });

  it('reads @import in CSS, linked files in HTML (not other hosts), and Python modules', () => {
    expect(projectImportsOf(files, 'src/styles.css', "@import './base.css';")).toEqual([
      'src/base.css',
    ]);
    expect(
      projectImportsOf(
        files,
        'index.html',
        '<script src="js/app.js"></script><link rel="stylesheet" href="https://cdn.example/x.css">',
      ),
    ).toEqual(['js/app.js']);
    expect(
      projectImportsOf(files, 'main.py', 'import helper, os\nfrom tools.numbers import total\n'),
    ).toEqual(['helper.py', 'tools/numbers.py']);
    // `from . import x` is the package's __init__; `.numbers` is the file itself.
    expect(
      projectImportsOf(files, 'tools/numbers.py', 'from . import x\nfrom .numbers import y'),
    ).toEqual(['tools/__init__.py']);
  });
});
