import { describe, expect, it } from 'vitest';
import { decodeText, documentKindOf, markdownTitle } from './document-kind.ts';

const kind = (text: string | Buffer, mimeType = '', fileName: string | null = null) =>
  documentKindOf({
    bytes: typeof text === 'string' ? Buffer.from(text) : text,
    mimeType,
    fileName,
  });

describe('documentKindOf', () => {
  it('tells PDF, HTML, Markdown and text apart by bytes, type and name', () => {
    expect(kind('%PDF-1.7 …', 'application/octet-stream')).toBe('pdf');
    expect(kind('<p>x</p>', 'text/html')).toBe('html');
    expect(kind('  <!DOCTYPE html><title>x</title>', 'text/plain')).toBe('html');
    expect(kind('# Title', 'text/plain', 'notes.md')).toBe('markdown');
    expect(kind('# Title', 'text/markdown')).toBe('markdown');
    expect(kind('hello', 'application/octet-stream', 'a.txt')).toBe('text');
  });

  it('refuses binaries and files that claim to be PDF but are not', () => {
    expect(kind(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0]), 'image/png')).toBeNull();
    expect(kind('plain words', 'application/pdf')).toBeNull();
    expect(kind(Buffer.from([0xc3, 0x28, 0x41]), 'text/plain')).toBeNull();
  });
});

describe('decodeText and markdownTitle', () => {
  it('decodes by the declared charset or an HTML meta charset', () => {
    const latin1 = Buffer.from('<meta charset="iso-8859-1"><p>caf\xe9</p>', 'latin1');
    expect(decodeText(latin1, null, 'html')).toContain('café');
    expect(decodeText(Buffer.from('caf\xe9', 'latin1'), 'windows-1252', 'text')).toBe('café');
    expect(decodeText(Buffer.from('ok'), 'no-such-charset', 'text')).toBe('ok');
  });

  it('finds a front-matter title, else the first heading', () => {
    expect(markdownTitle('---\ntitle: "Front"\n---\n# Other')).toBe('Front');
    expect(markdownTitle('intro\n\n# First heading\n## second')).toBe('First heading');
    expect(markdownTitle('no heading')).toBeNull();
  });
});
