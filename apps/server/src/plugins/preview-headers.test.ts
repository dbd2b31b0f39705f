import { describe, expect, it } from 'vitest';
import { createPreviewHeaders, frameOpenerPolicy } from './preview-headers.ts';

describe('the sandbox document’s opener policy', () => {
  it('is same-origin for every load but a tab our own page opened', () => {
    expect(frameOpenerPolicy({ site: 'same-origin', dest: 'document' })).toBeNull();
    expect(frameOpenerPolicy({ site: 'cross-site', dest: 'document' })).toBe('same-origin');
    expect(frameOpenerPolicy({ site: 'same-site', dest: 'document' })).toBe('same-origin');
    expect(frameOpenerPolicy({ site: 'none', dest: 'document' })).toBe('same-origin');
    expect(frameOpenerPolicy({ site: 'same-origin', dest: 'iframe' })).toBe('same-origin');
    expect(frameOpenerPolicy({ site: undefined, dest: undefined })).toBe('same-origin');
  });

  it('is sent with the frame only, never with the files it loads', () => {
    const headers = createPreviewHeaders('max-age=1');
    const cross = { site: 'cross-site', dest: 'document' };
    expect(headers.of('/preview/frame.html?x', 'https', 'a.example', cross)).toMatchObject({
      'cross-origin-opener-policy': 'same-origin',
      vary: 'sec-fetch-site, sec-fetch-dest',
    });
    const own = headers.of('/preview/frame.html', 'https', 'a.example', {
      site: 'same-origin',
      dest: 'document',
    });
    expect(own).not.toHaveProperty('cross-origin-opener-policy');
    expect(own['content-security-policy']).toMatch(/^sandbox allow-scripts allow-forms;/);
    expect(
      headers.of('/preview/runtime-1234abcd.js', 'https', 'a.example', cross),
    ).not.toHaveProperty('cross-origin-opener-policy');
  });
});
