import { describe, expect, it } from 'vitest';
import { CONTEXT_ITEM_KEEP_CHARS, type PromptContextItem } from '@codewright/contract';
import {
  DRAFT_VERSION,
  describeDraft,
  draftKey,
  readDraft,
  writeDraft,
  fromDraftMessage,
  parseDraft,
  toDraftMessage,
  type GeneratorDraft,
} from './draft.ts';

const draft = (over: Partial<GeneratorDraft> = {}): GeneratorDraft => ({
  version: DRAFT_VERSION,
  savedAt: '2026-11-23T14:05:00.000Z',
  language: 'Python',
  code: 'x = 1\ny = 2\n',
  prompt: 'half typed',
  projectId: null,
  projectName: '',
  messages: [
    toDraftMessage({ id: 'm1', role: 'user', content: 'a', timestamp: 't1' }, false),
    toDraftMessage(
      { id: 'm2', role: 'assistant', content: 'b', timestamp: 't2', codeSnapshot: 'x = 1' },
      true,
    ),
  ],
  baseline: { code: '', language: 'JavaScript' },
  ...over,
});

describe('drafts', () => {
  it('round-trip through JSON, messages included', () => {
    const d = draft();
    expect(parseDraft(JSON.stringify(d))).toEqual(d);
    expect(fromDraftMessage(d.messages[1]!)).toEqual({
      id: 'm2',
      role: 'assistant',
      content: 'b',
      timestamp: 't2',
      codeSnapshot: 'x = 1',
    });
  });

  it('anything unreadable, of another version or language counts as no draft', () => {
    expect(parseDraft(null)).toBeNull();
    expect(parseDraft('{')).toBeNull();
    expect(parseDraft(JSON.stringify({ ...draft(), version: 2 }))).toBeNull();
    expect(parseDraft(JSON.stringify({ ...draft(), language: 'Cobol' }))).toBeNull();
    expect(parseDraft(JSON.stringify({ ...draft(), messages: [{ role: 'x' }] }))).toBeNull();
  });

  it('are described by messages, lines, project and time', () => {
    const text = describeDraft(draft({ projectName: 'Todo' }));
    expect(text).toMatch(/^2 messages · 3 lines of Python · in “Todo” · from \d/);
  });
});

const page: PromptContextItem = {
  kind: 'web',
  title: 'Paging guide',
  source: 'https://docs.example.com/paging',
  text: 'Use ?page=N',
};

/** A Storage that refuses any value longer than `quota` characters, as a full one does. */
function storageWithQuota(quota: number): Storage {
  const map = new Map<string, string>();
  return {
    get length() {
      return map.size;
    },
    clear: () => map.clear(),
    getItem: (k) => map.get(k) ?? null,
    key: (i) => [...map.keys()][i] ?? null,
    removeItem: (k) => void map.delete(k),
    setItem: (k, v) => {
      if (v.length > quota) throw new DOMException('full', 'QuotaExceededError');
      map.set(k, v);
    },
  };
}

describe('drafts with context chips (decision 033)', () => {
  it('keep the chips of the unsent prompt and the chips each user message was sent with', () => {
    const ref = { kind: 'web' as const, title: page.title, source: page.source };
    const d = draft({
      chips: [page],
      messages: [
        toDraftMessage(
          { id: 'm1', role: 'user', content: 'a', timestamp: 't', context: [ref] },
          false,
        ),
      ],
    });
    const back = parseDraft(JSON.stringify(d));
    expect(back).toEqual(d);
    expect(fromDraftMessage(back!.messages[0]!).context).toEqual([ref]);
    expect(describeDraft(back!)).toContain('1 context item');
  });

  it('a draft written before chips existed still reads, without them', () => {
    const old = JSON.parse(JSON.stringify(draft())) as Record<string, unknown>;
    delete old.chips;
    expect(parseDraft(JSON.stringify(old))?.chips).toBeUndefined();
  });

  it('malformed chips are left out and overlong text is cut to what a call can send', () => {
    const raw = JSON.stringify({
      ...draft(),
      chips: [
        { kind: 'video', title: 'x', source: 'y', text: 'z' },
        { ...page, text: 'a'.repeat(20_000) },
      ],
    });
    const chips = parseDraft(raw)!.chips!;
    expect(chips).toHaveLength(1);
    expect(chips[0]!.text).toHaveLength(CONTEXT_ITEM_KEEP_CHARS);
  });

  it('when the chips do not fit the storage, the draft is kept without their text and names them', () => {
    const big = { ...page, text: 'p'.repeat(CONTEXT_ITEM_KEEP_CHARS) };
    const d = draft({ chips: [big] });
    const store = storageWithQuota(JSON.stringify(draft()).length + 500);
    expect(writeDraft(store, 'u1', d)).toBe(true);
    const back = readDraft(store, 'u1')!;
    expect(back.chips).toBeUndefined();
    expect(back.chipsLeftOut).toEqual([{ kind: 'web', title: page.title, source: page.source }]);
    expect(back.code).toBe(d.code);
    expect(describeDraft(back)).toContain('1 context item');
    // With room, everything is kept.
    const roomy = storageWithQuota(1_000_000);
    expect(writeDraft(roomy, 'u1', d)).toBe(true);
    expect(JSON.parse(roomy.getItem(draftKey('u1'))!).chips).toEqual([big]);
    // With no room even for the rest, nothing is written and the caller is told.
    expect(writeDraft(storageWithQuota(10), 'u1', d)).toBe(false);
  });
});
