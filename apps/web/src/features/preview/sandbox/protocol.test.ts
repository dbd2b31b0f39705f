import { describe, expect, it } from 'vitest';
import {
  frameHost,
  isFromApp,
  MAX_MESSAGE_TEXT,
  PREVIEW_MESSAGE_TAG,
  SELECT_CLASSES_MAX,
  SELECT_TEXT_MAX,
  readAppMessage,
  readFrameMessage,
} from './protocol.ts';

const tag = PREVIEW_MESSAGE_TAG;

describe('readFrameMessage', () => {
  it('accepts our messages and drops foreign or malformed ones', () => {
    expect(readFrameMessage({ tag, type: 'hello' })).toEqual({ tag, type: 'hello' });
    expect(readFrameMessage({ type: 'hello' })).toBeNull();
    expect(readFrameMessage('hello')).toBeNull();
    expect(
      readFrameMessage({ tag, type: 'status', runId: 1, status: 'exploded', ms: 1 }),
    ).toBeNull();
    expect(
      readFrameMessage({ tag, type: 'problem', runId: 1, kind: 'runtime', message: 3 }),
    ).toBeNull();
  });

  it('takes a selected element only with a source place and a tag name, its texts cut', () => {
    const selected = {
      tag,
      type: 'select',
      runId: 4,
      source: 'src/App.tsx:12:7',
      tagName: 'button',
      text: 'x'.repeat(SELECT_TEXT_MAX + 5),
      classes: 'p-2 '.repeat(SELECT_CLASSES_MAX),
    };
    const message = readFrameMessage(selected);
    expect(message).toMatchObject({ type: 'select', runId: 4, source: 'src/App.tsx:12:7' });
    if (message?.type !== 'select') throw new Error('not select');
    expect(message.text).toHaveLength(SELECT_TEXT_MAX);
    expect(message.classes).toHaveLength(SELECT_CLASSES_MAX);
    expect(readFrameMessage({ ...selected, tagName: '<img onerror=x>' })).toBeNull();
    expect(readFrameMessage({ ...selected, source: 'a'.repeat(601) })).toBeNull();
    expect(readFrameMessage({ ...selected, source: 3 })).toBeNull();
    expect(readFrameMessage({ ...selected, classes: ['p-2'] })).toBeNull();
    expect(readFrameMessage({ tag, type: 'select-exit', runId: 4 })).toEqual({
      tag,
      type: 'select-exit',
      runId: 4,
    });
    expect(readAppMessage({ tag, type: 'select-mode', on: true })).toEqual({
      tag,
      type: 'select-mode',
      on: true,
    });
    expect(readAppMessage({ tag, type: 'select-mode', on: 'yes' })).toBeNull();
  });

  it('keeps only well-formed console entries, with sane lines and cut texts', () => {
    const message = readFrameMessage({
      tag,
      type: 'console',
      runId: 2,
      dropped: -4,
      entries: [
        { level: 'log', text: 'ok', line: 3, column: 1 },
        { level: 'shout', text: 'no' },
        { level: 'warn', text: 'x'.repeat(MAX_MESSAGE_TEXT + 10), line: -1, column: 1.5 },
        '<img src=x onerror=alert(1)>',
      ],
    });
    expect(message).toMatchObject({ type: 'console', runId: 2, dropped: 0 });
    if (message?.type !== 'console') throw new Error('not console');
    expect(message.entries).toHaveLength(2);
    expect(message.entries[1]).toMatchObject({ level: 'warn', line: null, column: null });
    expect(message.entries[1]!.text).toHaveLength(MAX_MESSAGE_TEXT + 1);
  });
});

describe('readAppMessage', () => {
  it('accepts a run and a ping only', () => {
    expect(readAppMessage({ tag, type: 'ping', id: 4 })).toEqual({ tag, type: 'ping', id: 4 });
    expect(
      readAppMessage({ tag, type: 'run', runId: 1, mode: 'python', code: 'print(1)', map: null }),
    ).toMatchObject({ mode: 'python' });
    expect(
      readAppMessage({ tag, type: 'run', runId: 1, mode: 'ruby', code: '', map: null }),
    ).toBeNull();
    expect(readAppMessage({ tag, type: 'eval', code: 'x' })).toBeNull();
  });
});

describe('which messages the frame hears', () => {
  const app = 'https://codewright.example';
  const parent = {} as Window;
  const opener = {} as Window;
  const framed = { parent, opener: null };
  const tab = { opener } as { parent: unknown; opener: unknown };
  tab.parent = tab;
  const alone = { opener: null } as { parent: unknown; opener: unknown };
  alone.parent = alone;

  it('answers its parent when framed, its opener in a tab of its own, else nobody', () => {
    expect(frameHost(framed)).toBe(parent);
    expect(frameHost({ parent, opener })).toBe(parent);
    expect(frameHost(tab)).toBe(opener);
    expect(frameHost(alone)).toBeNull();
  });

  it('hears only its host window, and only at the app’s origin', () => {
    expect(isFromApp({ source: parent, origin: app }, parent, app)).toBe(true);
    // Another site that opened (or somehow framed) it: the right window, the wrong origin.
    expect(isFromApp({ source: opener, origin: 'https://evil.example' }, opener, app)).toBe(false);
    expect(isFromApp({ source: parent, origin: 'http://codewright.example' }, parent, app)).toBe(
      false,
    );
    // The frame's own code posting to itself: origin "null", its own window.
    expect(isFromApp({ source: {} as Window, origin: 'null' }, parent, app)).toBe(false);
    expect(isFromApp({ source: parent, origin: 'null' }, parent, app)).toBe(false);
    // The app's origin but another window (a second tab of ours, a sibling frame).
    expect(isFromApp({ source: {} as Window, origin: app }, parent, app)).toBe(false);
    // Neither framed nor opened.
    expect(isFromApp({ source: null, origin: app }, null, app)).toBe(false);
  });
});
