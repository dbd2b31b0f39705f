import { describe, expect, it } from 'vitest';
import { acceptedFiles, prepareTreeReview } from './tree-review.ts';

const BASE = new Map([
  ['main.js', "import { a } from './a.js';\nconsole.log(a);\nconsole.log('end');"],
  ['a.js', 'export const a = 1;'],
  ['old.css', 'h1 { color: red; }\np { margin: 0; }'],
  ['same.md', '# Same'],
]);
const PROPOSED = new Map([
  ['main.js', "import { a } from './a.js';\nconsole.log(a * 2);\nconsole.log('end');\n// done"],
  ['a.js', 'export const a = 1;'],
  ['lib/new.js', 'export const n = 1;\nexport const m = 2;'],
  ['same.md', '# Same'],
]);

describe('prepareTreeReview', () => {
  it('lists each changed file in path order: added and deleted as one whole-file hunk', () => {
    const reviews = prepareTreeReview(BASE, PROPOSED);
    expect(reviews.map((r) => [r.path, r.status, r.hunks.length])).toEqual([
      ['lib/new.js', 'added', 1],
      ['main.js', 'changed', 2],
      ['old.css', 'deleted', 1],
    ]);
    expect(reviews[0]!.hunks[0]).toMatchObject({
      added: ['export const n = 1;', 'export const m = 2;'],
    });
    expect(reviews[2]!.hunks[0]).toMatchObject({
      oldLines: 2,
      removed: ['h1 { color: red; }', 'p { margin: 0; }'],
    });
  });
});

describe('acceptedFiles', () => {
  it('takes only the accepted hunks: a file with all rejected stays, an added file needs its hunk', () => {
    const reviews = prepareTreeReview(BASE, PROPOSED);
    // main.js: only its second hunk (the new last line); the new file yes; the delete no.
    const outcome = acceptedFiles(reviews, (path, i) =>
      path === 'main.js' ? i === 1 : path === 'lib/new.js',
    );
    expect(outcome).toEqual([
      { path: 'lib/new.js', kind: 'write', content: 'export const n = 1;\nexport const m = 2;' },
      {
        path: 'main.js',
        kind: 'write',
        content: "import { a } from './a.js';\nconsole.log(a);\nconsole.log('end');\n// done",
      },
      { path: 'old.css', kind: 'unchanged' },
    ]);
    expect(acceptedFiles(reviews, () => false).map((o) => o.kind)).toEqual([
      'unchanged',
      'unchanged',
      'unchanged',
    ]);
    expect(acceptedFiles(reviews, () => true).map((o) => o.kind)).toEqual([
      'write',
      'write',
      'delete',
    ]);
  });
});
