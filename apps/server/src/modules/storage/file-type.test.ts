import { describe, expect, it } from 'vitest';
import { correctName, detectType, looksLikeText, servedContentType } from './file-type.ts';
import { pathProblem } from './storage-path.ts';

const hex = (h: string) => Buffer.from(h, 'hex');
const PNG = hex('89504e470d0a1a0a0000000d49484452');
const JPEG = hex('ffd8ffe000104a464946');
const GIF = Buffer.from('GIF89a\x01\x00', 'latin1');
const WEBP = Buffer.concat([Buffer.from('RIFF'), hex('24000000'), Buffer.from('WEBPVP8 ')]);
const PDF = Buffer.from('%PDF-1.7\n');
const ZIP = hex('504b0304140000000800');

describe('detectType', () => {
  it.each([
    [PNG, 'png', 'image/png'],
    [JPEG, 'jpg', 'image/jpeg'],
    [GIF, 'gif', 'image/gif'],
    [WEBP, 'webp', 'image/webp'],
    [PDF, 'pdf', 'application/pdf'],
    [ZIP, 'zip', 'application/zip'],
  ])('recognises %#', (head, ext, mimeType) => {
    expect(detectType(head)).toMatchObject({ ext, mimeType });
  });

  it('knows nothing of text or short input', () => {
    expect(detectType(Buffer.from('hello'))).toBeNull();
    expect(detectType(Buffer.alloc(0))).toBeNull();
  });
});

describe('correctName', () => {
  it('corrects the extension to the bytes', () => {
    expect(correctName('x.jpg', PNG)).toEqual({ name: 'x.png', mimeType: 'image/png' });
    expect(correctName('photo', JPEG)).toEqual({ name: 'photo.jpg', mimeType: 'image/jpeg' });
    expect(correctName('report.txt', PDF)).toEqual({
      name: 'report.pdf',
      mimeType: 'application/pdf',
    });
  });

  it('keeps an extension that names the same format', () => {
    expect(correctName('x.jpeg', JPEG)).toEqual({ name: 'x.jpeg', mimeType: 'image/jpeg' });
    expect(correctName('sheet.xlsx', ZIP).name).toBe('sheet.xlsx');
  });

  it('does not let text or junk claim a binary format', () => {
    expect(correctName('a.png', Buffer.from('<svg onload=alert(1)>'))).toEqual({
      name: 'a.txt',
      mimeType: 'text/plain',
    });
    expect(correctName('a.gif', hex('000102ff'))).toEqual({
      name: 'a.bin',
      mimeType: 'application/octet-stream',
    });
  });

  it('keeps text extensions with their types', () => {
    expect(correctName('main.py', Buffer.from('print(1)'))).toEqual({
      name: 'main.py',
      mimeType: 'text/x-python',
    });
    expect(correctName('notes', Buffer.from('hi'))).toEqual({
      name: 'notes',
      mimeType: 'text/plain',
    });
    expect(correctName('page.html', Buffer.from('<html>')).mimeType).toBe('text/html');
  });
});

describe('looksLikeText', () => {
  it('accepts UTF-8 cut mid-character and refuses NUL bytes', () => {
    expect(looksLikeText(Buffer.from('héllo').subarray(0, 2))).toBe(true);
    expect(looksLikeText(hex('68690068'))).toBe(false);
    expect(looksLikeText(hex('ff fe 41'.replaceAll(' ', '')))).toBe(false);
  });
});

describe('pathProblem', () => {
  it('accepts ordinary paths', () => {
    expect(pathProblem('uploads/usr_1/a-b_c.1.png')).toBeNull();
  });
  it.each([
    [undefined, /required/],
    ['  ', /required/],
    ['a/../b', /\.\./],
    ['./a', /\. or \.\./],
    ['/a', /relative/],
    ['a\\b', /backslash/],
    ['a\u0000b', /control/],
    ['a//b', /empty segments/],
    ['a/', /empty segments/],
    ['a/.hidden', /must not start with a dot/],
    ['a/b c', /letters, digits/],
    ['a/ü', /letters, digits/],
    ['x'.repeat(513), /too long/],
  ])('refuses %j', (path, message) => {
    expect(pathProblem(path)).toMatch(message);
  });
});

describe('servedContentType', () => {
  it('serves scripts, styles, pages and wasm as octet-stream, images inline as themselves', () => {
    for (const type of [
      'text/javascript',
      'text/css',
      'text/html',
      'image/svg+xml',
      'application/xml',
      'application/wasm',
      'application/x-unknown',
    ]) {
      expect(servedContentType(type, false)).toBe('application/octet-stream');
    }
    expect(servedContentType('image/png', true)).toBe('image/png');
    expect(servedContentType('text/plain', false)).toBe('text/plain; charset=utf-8');
    expect(servedContentType('application/pdf', false)).toBe('application/pdf');
  });
});
