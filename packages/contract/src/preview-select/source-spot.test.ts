import { describe, expect, it } from 'vitest';
import { parseSourceSpot } from './index.ts';

describe('parseSourceSpot', () => {
  it('drops the project namespace esbuild gives project files', () => {
    expect(parseSourceSpot('project:src/components/Button.tsx:2:10')).toEqual({
      file: 'src/components/Button.tsx',
      line: 2,
      column: 10,
    });
    expect(parseSourceSpot('index.html:14:3')).toEqual({ file: 'index.html', line: 14, column: 3 });
  });

  it('keeps colons inside the file', () => {
    expect(parseSourceSpot('C:\\app\\App.tsx:3:4')).toEqual({
      file: 'C:\\app\\App.tsx',
      line: 3,
      column: 4,
    });
    expect(parseSourceSpot('C:x:1:1')?.file).toBe('C:x');
    expect(parseSourceSpot('C:x')).toBeNull();
    expect(parseSourceSpot('C:x:y')).toBeNull();
  });

  it('wants positive whole numbers for the line and column', () => {
    for (const spot of ['a.tsx:0:1', 'a.tsx:1:0', 'a.tsx:-1:2', 'a.tsx:1.5:2', 'a.tsx: 1:2']) {
      expect(parseSourceSpot(spot)).toBeNull();
    }
    expect(parseSourceSpot('a.tsx:01:2')).toBeNull();
    expect(parseSourceSpot('a.tsx:99999999999999999999:2')).toBeNull();
  });

  it('wants a file of at most 500 characters', () => {
    expect(parseSourceSpot(':1:2')).toBeNull();
    expect(parseSourceSpot('project::1:2')).toBeNull();
    expect(parseSourceSpot('1:2')).toBeNull();
    expect(parseSourceSpot('')).toBeNull();
    expect(parseSourceSpot(`${'a'.repeat(500)}:1:2`)?.file).toHaveLength(500);
    expect(parseSourceSpot(`${'a'.repeat(501)}:1:2`)).toBeNull();
  });
});
