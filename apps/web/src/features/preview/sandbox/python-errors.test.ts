import { describe, expect, it } from 'vitest';
import { pythonProblemOf } from './python-errors.ts';

const RUNTIME_FRAMES = [
  'Traceback (most recent call last):',
  '  File "/lib/python314.zip/_pyodide/_base.py", line 597, in eval_code_async',
  '    await CodeRunner(',
  '    ...<9 lines>...',
  '  File "/lib/python314.zip/_pyodide/_base.py", line 411, in run_async',
  '    coroutine = eval(self.code, globals, locals)',
];

describe('pythonProblemOf', () => {
  it('drops Pyodide’s own frames and names the innermost line of main.py', () => {
    const traceback = [
      ...RUNTIME_FRAMES,
      '  File "main.py", line 7, in <module>',
      '    run()',
      '  File "main.py", line 3, in run',
      '    return {}["k"]',
      "KeyError: 'k'",
    ].join('\n');
    expect(pythonProblemOf(traceback)).toEqual({
      line: 3,
      message: [
        'Traceback (most recent call last):',
        '  File "main.py", line 7, in <module>',
        '    run()',
        '  File "main.py", line 3, in run',
        '    return {}["k"]',
        "KeyError: 'k'",
      ].join('\n'),
    });
  });

  it('names a failing module of the project by its path, and marks the main line that called it', () => {
    const traceback = [
      ...RUNTIME_FRAMES,
      '  File "main.py", line 2, in <module>',
      '    print(helper.half(None))',
      '  File "/home/pyodide/project/lib/helper.py", line 4, in half',
      '    return n / 2',
      "TypeError: unsupported operand type(s) for /: 'NoneType' and 'int'",
    ].join('\n');
    expect(pythonProblemOf(traceback)).toEqual({
      line: 2,
      message: [
        'Traceback (most recent call last):',
        '  File "main.py", line 2, in <module>',
        '    print(helper.half(None))',
        '  File "lib/helper.py", line 4, in half',
        '    return n / 2',
        "TypeError: unsupported operand type(s) for /: 'NoneType' and 'int'",
      ].join('\n'),
    });
  });

  it('says plainly that a package beyond the standard library is not available', () => {
    const traceback = [
      ...RUNTIME_FRAMES,
      '  File "main.py", line 2, in <module>',
      '    import numpy.linalg',
      "ModuleNotFoundError: The module 'numpy' is included in the Pyodide distribution, but it is not installed.",
      'You can install it by calling:',
      '  await micropip.install("numpy") in Python, or',
    ].join('\n');
    const problem = pythonProblemOf(traceback);
    expect(problem.line).toBe(2);
    expect(problem.message.split('\n')[0]).toBe(
      "package numpy is not available in the preview: it runs Python's standard library only.",
    );
    expect(problem.message).toContain("ModuleNotFoundError: No module named 'numpy'");
    expect(problem.message).not.toContain('micropip');
  });

  it('keeps a syntax error’s place', () => {
    const traceback = [
      '  File "main.py", line 4',
      '    print(',
      '         ^',
      "SyntaxError: '(' was never closed",
    ].join('\n');
    expect(pythonProblemOf(traceback).line).toBe(4);
  });
});
