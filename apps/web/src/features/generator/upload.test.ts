import { describe, expect, it } from 'vitest';
import { GENERATOR_UPLOAD_MAX_BYTES, MESSAGES } from '@codewright/contract';
import {
  classifyUpload,
  imagePath,
  imagePrompt,
  isContextDocument,
  languageForFile,
  UPLOAD_ACCEPT_WITH_DOCUMENTS,
} from './upload.ts';

describe('classifyUpload (SPEC §5)', () => {
  it('accepts every listed code extension, case-insensitively', () => {
    for (const name of [
      'a.txt',
      'b.js',
      'c.TS',
      'd.py',
      'e.go',
      'f.rs',
      'g.java',
      'h.cs',
      'i.cpp',
      'j.c',
      'k.json',
      'l.html',
      'm.css',
      'n.jsx',
      'o.tsx',
    ])
      expect(classifyUpload({ name, size: 10, type: '' })).toEqual({ kind: 'code' });
  });

  it('takes png, jpeg, gif and webp images, by type or extension', () => {
    expect(classifyUpload({ name: 'shot.png', size: 10, type: 'image/png' })).toEqual({
      kind: 'image',
      extension: 'png',
    });
    expect(classifyUpload({ name: 'photo', size: 10, type: 'image/jpeg' })).toEqual({
      kind: 'image',
      extension: 'jpg',
    });
    expect(classifyUpload({ name: 'x.webp', size: 10, type: '' })).toEqual({
      kind: 'image',
      extension: 'webp',
    });
  });

  it('refuses anything else with the spec text', () => {
    for (const file of [
      { name: 'doc.pdf', size: 10, type: 'application/pdf' },
      { name: 'icon.svg', size: 10, type: 'image/svg+xml' },
      { name: 'noext', size: 10, type: '' },
    ])
      expect(classifyUpload(file)).toEqual({
        kind: 'rejected',
        message: MESSAGES.uploadCodeOrImage,
      });
  });

  it('refuses files over 5 MB before looking at the type; exactly 5 MB is fine', () => {
    expect(
      classifyUpload({ name: 'big.js', size: GENERATOR_UPLOAD_MAX_BYTES + 1, type: '' }),
    ).toEqual({
      kind: 'rejected',
      message: MESSAGES.fileTooLarge,
    });
    expect(
      classifyUpload({ name: 'edge.js', size: GENERATOR_UPLOAD_MAX_BYTES, type: '' }).kind,
    ).toBe('code');
  });
});

describe('image helpers', () => {
  it('stores under uploads/{userId}/{timestamp}.{ext} and asks to analyse the URL', () => {
    expect(imagePath('usr_1', 'png', 123)).toBe('uploads/usr_1/123.png');
    expect(imagePrompt('https://x/y.png')).toContain('https://x/y.png');
    expect(imagePrompt('https://x/y.png').toLowerCase()).toContain('analyze');
  });
});

describe('languageForFile', () => {
  it('maps code extensions to the generator languages, case-insensitively', () => {
    expect(languageForFile('tool.py')).toBe('Python');
    expect(languageForFile('App.TSX')).toBe('TypeScript');
    expect(languageForFile('main.rs')).toBe('Rust');
    expect(languageForFile('prog.cs')).toBe('C#');
    expect(languageForFile('lib.c')).toBe('C++');
    expect(languageForFile('notes.txt')).toBeNull();
    expect(languageForFile('data.json')).toBeNull();
    expect(languageForFile('Makefile')).toBeNull();
  });
});

describe('isContextDocument (docs/decisions/024)', () => {
  it('sends PDFs and Markdown to the context, keeps .txt and code files for the editor', () => {
    expect(isContextDocument({ name: 'spec.pdf', type: '' })).toBe(true);
    expect(isContextDocument({ name: 'download', type: 'application/pdf' })).toBe(true);
    expect(isContextDocument({ name: 'README.MD', type: 'text/markdown' })).toBe(true);
    expect(isContextDocument({ name: 'notes.txt', type: 'text/plain' })).toBe(false);
    expect(isContextDocument({ name: 'app.ts', type: '' })).toBe(false);
    expect(UPLOAD_ACCEPT_WITH_DOCUMENTS.split(',')).toEqual(
      expect.arrayContaining(['.pdf', '.md', '.txt', 'image/png']),
    );
  });
});
