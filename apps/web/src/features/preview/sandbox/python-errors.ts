/**
 * A Python exception from Pyodide as the preview shows it: the traceback without Pyodide's own
 * frames, each of the project's modules named by its path, the line in the user's file (in the
 * main script: where it called into a module that failed), and a plain message for an import the preview cannot
 * satisfy (it runs the standard library only and never downloads a package).
 */
import { packageNotAvailableMessage } from '@codewright/contract';

/** The file name the user's code runs under, as tracebacks show it. */
export const PYTHON_FILENAME = 'main.py';
/** The folder the project's other files are written to (the script runs there, on sys.path). */
export const PYTHON_PROJECT_DIR = '/home/pyodide/project';

export interface PythonProblem {
  message: string;
  line: number | null;
}

const USER_FRAME = new RegExp(`File "${PYTHON_FILENAME}", line (\\d+)`, 'g');
const MISSING_MODULE =
  /ModuleNotFoundError: (?:No module named '([^'.]+)[^']*'|The module '([^'.]+)[^']*' is included in the Pyodide distribution)/;

/** Drops the frames of Pyodide's own files (each `File "/lib/…"` line and the code line under it). */
function withoutRuntimeFrames(traceback: string): string {
  const lines = traceback.replace(/\s+$/, '').split('\n');
  const kept: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (/^ {2}File "\/lib\//.test(line) || /^ {2}File "<exec>"/.test(line)) {
      while (i + 1 < lines.length && /^ {4}/.test(lines[i + 1]!)) i++;
      continue;
    }
    kept.push(line);
  }
  return kept.join('\n');
}

/** The problem of a PythonError's message (its traceback). */
export function pythonProblemOf(traceback: string): PythonProblem {
  // A frame in one of the project's modules names it by its path in the project.
  const text = withoutRuntimeFrames(traceback).replaceAll(`File "${PYTHON_PROJECT_DIR}/`, 'File "');
  let line: number | null = null;
  for (const match of text.matchAll(USER_FRAME)) line = Number(match[1]);
  const missing = MISSING_MODULE.exec(text);
  if (missing) {
    const name = (missing[1] ?? missing[2])!;
    // Pyodide's own text goes on to suggest micropip, which the preview never runs.
    const before = text.slice(0, missing.index).replace(/\s+$/, '');
    return {
      message: `${packageNotAvailableMessage(name)}: it runs Python's standard library only.\n${before}\nModuleNotFoundError: No module named '${name}'`,
      line,
    };
  }
  return { message: text, line };
}
