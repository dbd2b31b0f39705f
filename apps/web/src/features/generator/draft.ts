/**
 * Unsaved work kept on this device (docs/decisions/013-generator-workspace.md): code, chat,
 * language, project id and name, and the prompt being typed, in localStorage under one key per
 * user. Written while the work is unsaved, removed once it is saved; offered back after a reload
 * or a crash of the tab. Never sent anywhere. The context chips of the unsent prompt come along
 * (docs/decisions/033): each keeps at most CONTEXT_ITEM_KEEP_CHARS of text, so three add about
 * 30,000 characters; if the browser still refuses the write, the draft is kept without their
 * text and the offer names them, to be added again.
 */
import {
  CONTEXT_ITEMS_MAX,
  contextRefOf,
  keepContextText,
  LANGUAGES,
  type PromptContextItem,
  type PromptContextKind,
  type PromptContextRef,
} from '@codewright/contract';
import { countLines, formatTime, type ChatMessage } from './chat.ts';

export const DRAFT_VERSION = 1;

/** A chat message as kept in a draft: `stored` once it is in the project's saved chat. */
export interface DraftMessage {
  id: string;
  role: 'user' | 'assistant';
  content: string;
  timestamp: string;
  codeSnapshot: string | null;
  stopped?: boolean;
  charged?: boolean;
  reviewOffered?: boolean;
  stored: boolean;
  /** A user message's context chips (kind, title, source). */
  context?: PromptContextRef[];
}

export interface GeneratorDraft {
  version: typeof DRAFT_VERSION;
  /** ISO time of the last write. */
  savedAt: string;
  language: string;
  code: string;
  prompt: string;
  projectId: string | null;
  projectName: string;
  messages: DraftMessage[];
  /** Code and language as last saved or opened, to tell what is still unsaved after a restore. */
  baseline: { code: string; language: string };
  /** The context chips attached to the prompt (absent in drafts written before them). */
  chips?: PromptContextItem[];
  /** Chips whose text did not fit this device's storage: named in the offer, to add again. */
  chipsLeftOut?: PromptContextRef[];
}

/** The localStorage key of a user's draft. */
export function draftKey(userId: string): string {
  return `codewright.generator.draft:${userId}`;
}

const isString = (v: unknown): v is string => typeof v === 'string';
const KINDS: readonly PromptContextKind[] = ['web', 'document', 'image'];

function readRef(raw: unknown): PromptContextRef | null {
  if (!raw || typeof raw !== 'object') return null;
  const r = raw as Record<string, unknown>;
  if (!KINDS.includes(r.kind as PromptContextKind) || !isString(r.title) || !isString(r.source))
    return null;
  return contextRefOf({ kind: r.kind as PromptContextKind, title: r.title, source: r.source });
}

/** A list of context references or items; anything malformed is left out. */
function readRefs(raw: unknown): PromptContextRef[] {
  if (!Array.isArray(raw)) return [];
  return raw.flatMap((r) => readRef(r) ?? []).slice(0, CONTEXT_ITEMS_MAX);
}

function readChips(raw: unknown): PromptContextItem[] {
  if (!Array.isArray(raw)) return [];
  return raw
    .flatMap((c: unknown) => {
      const ref = readRef(c);
      const text = (c as Record<string, unknown>).text;
      return ref && isString(text) && text.trim() ? [{ ...ref, text: keepContextText(text) }] : [];
    })
    .slice(0, CONTEXT_ITEMS_MAX);
}

function readMessage(raw: unknown): DraftMessage | null {
  if (!raw || typeof raw !== 'object') return null;
  const m = raw as Record<string, unknown>;
  if (!isString(m.id) || !isString(m.content) || !isString(m.timestamp)) return null;
  if (m.role !== 'user' && m.role !== 'assistant') return null;
  return {
    id: m.id,
    role: m.role,
    content: m.content,
    timestamp: m.timestamp,
    codeSnapshot: isString(m.codeSnapshot) ? m.codeSnapshot : null,
    stopped: m.stopped === true || undefined,
    charged: typeof m.charged === 'boolean' ? m.charged : undefined,
    reviewOffered: m.reviewOffered === true || undefined,
    stored: m.stored === true,
    ...(m.role === 'user' && readRefs(m.context).length > 0
      ? { context: readRefs(m.context) }
      : {}),
  };
}

/** Reads a draft; anything unreadable or of another version counts as none. */
export function parseDraft(raw: string | null): GeneratorDraft | null {
  if (!raw) return null;
  try {
    const d = JSON.parse(raw) as Record<string, unknown>;
    if (d.version !== DRAFT_VERSION || !isString(d.code) || !isString(d.language)) return null;
    if (!LANGUAGES.some((l) => l.label === d.language)) return null;
    const baseline = (d.baseline ?? {}) as Record<string, unknown>;
    const messages = Array.isArray(d.messages) ? d.messages.map(readMessage) : [];
    if (messages.some((m) => m === null)) return null;
    return {
      version: DRAFT_VERSION,
      savedAt: isString(d.savedAt) ? d.savedAt : new Date(0).toISOString(),
      language: d.language,
      code: d.code,
      prompt: isString(d.prompt) ? d.prompt : '',
      projectId: isString(d.projectId) ? d.projectId : null,
      projectName: isString(d.projectName) ? d.projectName : '',
      messages: messages as DraftMessage[],
      baseline: {
        code: isString(baseline.code) ? baseline.code : '',
        language: isString(baseline.language) ? baseline.language : d.language,
      },
      ...withList('chips', readChips(d.chips)),
      ...withList('chipsLeftOut', readRefs(d.chipsLeftOut)),
    };
  } catch {
    return null;
  }
}

const withList = <K extends string, T>(key: K, list: T[]) =>
  (list.length > 0 ? { [key]: list } : {}) as Partial<Record<K, T[]>>;

/** A user's draft, or null. */
export function readDraft(storage: Storage, userId: string): GeneratorDraft | null {
  try {
    return parseDraft(storage.getItem(draftKey(userId)));
  } catch {
    return null;
  }
}

function trySet(storage: Storage, key: string, draft: GeneratorDraft): boolean {
  try {
    storage.setItem(key, JSON.stringify(draft));
    return true;
  } catch {
    return false;
  }
}

/**
 * Writes a user's draft; false when storage refused it (quota, private mode). When the chips'
 * text is what does not fit, the draft is written without it and names them in `chipsLeftOut`.
 */
export function writeDraft(storage: Storage, userId: string, draft: GeneratorDraft): boolean {
  const key = draftKey(userId);
  if (trySet(storage, key, draft)) return true;
  if (!draft.chips?.length) return false;
  const { chips, ...rest } = draft;
  return trySet(storage, key, { ...rest, chipsLeftOut: chips.map(contextRefOf) });
}

/** Removes a user's draft. */
export function clearDraft(storage: Storage, userId: string): void {
  try {
    storage.removeItem(draftKey(userId));
  } catch {
    // Nothing more to do.
  }
}

/** A chat message as a draft keeps it. */
export function toDraftMessage(m: ChatMessage, stored: boolean): DraftMessage {
  return {
    id: m.id,
    role: m.role,
    content: m.content,
    timestamp: m.timestamp,
    codeSnapshot: m.codeSnapshot ?? null,
    ...(m.stopped ? { stopped: true } : {}),
    ...(m.charged !== undefined ? { charged: m.charged } : {}),
    ...(m.reviewOffered ? { reviewOffered: true } : {}),
    stored,
    ...(m.context?.length ? { context: m.context } : {}),
  };
}

/** A draft's message back in the chat. */
export function fromDraftMessage(m: DraftMessage): ChatMessage {
  return {
    id: m.id,
    role: m.role,
    content: m.content,
    timestamp: m.timestamp,
    codeSnapshot: m.codeSnapshot,
    ...(m.stopped ? { stopped: true } : {}),
    ...(m.charged !== undefined ? { charged: m.charged } : {}),
    ...(m.reviewOffered ? { reviewOffered: true } : {}),
    ...(m.context?.length ? { context: m.context } : {}),
  };
}

/** What a restore offer says of a draft, e.g. "4 messages · 12 lines of Python · from 14:05". */
export function describeDraft(draft: GeneratorDraft): string {
  const parts: string[] = [];
  const n = draft.messages.length;
  if (n > 0) parts.push(`${n} ${n === 1 ? 'message' : 'messages'}`);
  const lines = countLines(draft.code);
  if (lines > 0) parts.push(`${lines} ${lines === 1 ? 'line' : 'lines'} of ${draft.language}`);
  if (draft.projectName) parts.push(`in “${draft.projectName}”`);
  const chips = (draft.chips?.length ?? 0) + (draft.chipsLeftOut?.length ?? 0);
  if (chips > 0) parts.push(`${chips} context ${chips === 1 ? 'item' : 'items'}`);
  const time = formatTime(draft.savedAt);
  if (time) parts.push(`from ${time}`);
  return parts.join(' · ');
}
