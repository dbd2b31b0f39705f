import { describe, expect, it } from 'vitest';
import { mainProposalSoFar } from './tree-proposal.ts';

const MAIN = 'src/App.jsx';
const main = ['const a = 1;', 'const b = 2;', 'const c = 3;'].join('\n');
const block = (search: string, replace: string) =>
  ['<<<<<<< SEARCH', search, '=======', replace, '>>>>>>> REPLACE'].join('\n');

describe('mainProposalSoFar', () => {
  it('is the main file unchanged before any of its section arrives', () => {
    expect(mainProposalSoFar('Here are the changes', main, MAIN)).toBe(main);
    expect(mainProposalSoFar('Here.\n\n<file path="src/other.js">\nx\n', main, MAIN)).toBe(main);
  });

  it('follows its <edit> section: the blocks complete so far apply', () => {
    const one = block('const b = 2;', 'const b = 20;');
    const half = `Changes.\n\n<edit path="${MAIN}">\n${one}\n<<<<<<< SEARCH\nconst c`;
    expect(mainProposalSoFar(half, main, MAIN)).toBe(main.replace('b = 2', 'b = 20'));
    // Another file's blocks never touch the main file.
    const other = `Changes.\n\n<edit path="src/util.js">\n${one}\n</edit>\n`;
    expect(mainProposalSoFar(other, main, MAIN)).toBe(main);
  });

  it('follows its <file> section line by line as it streams', () => {
    const text = `Rewritten.\n\n<file path="${MAIN}">\nconst a = 10;\nconst b = 2;\nconst`;
    expect(mainProposalSoFar(text, main, MAIN)).toBe(
      ['const a = 10;', 'const b = 2;', 'const c = 3;'].join('\n'),
    );
  });

  it('takes an untagged answer as the main file’s: bare blocks or a fenced whole file', () => {
    const bare = `Changed.\n\n${block('const c = 3;', 'const c = 30;')}\n`;
    expect(mainProposalSoFar(bare, main, MAIN)).toBe(main.replace('c = 3', 'c = 30'));
    const fenced = 'Changed.\n\n```js\nconst a = 1;\nconst b = 22;\nconst';
    expect(mainProposalSoFar(fenced, main, MAIN)).toBe(main.replace('b = 2', 'b = 22'));
  });
});
