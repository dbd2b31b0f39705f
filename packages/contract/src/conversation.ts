/**
 * Conversation memory of the generator (docs/decisions/013-generator-workspace.md): each model
 * call carries the recent turns of the chat as messages, under a token budget, and ends with the
 * SPEC §7.1 prompt (language, request, current code, instruction) as its last user message. Only
 * that last message carries code in full: code blocks of earlier answers are replaced by a short
 * note, since the code they held has since become (or been replaced by) the current code.
 */
import { buildGenerationPrompt } from './ai.ts';

/** Estimated tokens the earlier turns may take in one call (decision 013). */
export const CONVERSATION_TOKEN_BUDGET = 1_500;
/** Most earlier turns (a request and its answer) one call carries. */
export const CONVERSATION_MAX_TURNS = 6;
/** Longest earlier message, in characters, before it is shortened. */
export const CONVERSATION_MESSAGE_MAX_CHARS = 2_000;
/** What replaces a code block of an earlier answer. */
export const OMITTED_CODE_NOTE = '[code block omitted: the current code is in the last message]';

/** One message of the chat as the generator keeps it (SPEC §3 "Chat message (in memory)"). */
export interface ConversationEntry {
  role: 'user' | 'assistant';
  content: string;
}

/** A message sent to `POST /api/ai/{project}/text` in `messages`. */
export interface ConversationMessage {
  role: 'user' | 'assistant';
  content: string;
}

export interface ConversationInput {
  /** The chat so far, oldest first, without the request being sent now. */
  history: readonly ConversationEntry[];
  language: string;
  request: string;
  currentCode?: string | null;
}

/**
 * Tokens a text is estimated to take: one per 4 characters, plus 4 for the message's framing.
 * Deliberately simple and provider-independent; it errs high for code and English prose alike.
 */
export function estimateTokens(text: string): number {
  return Math.ceil(text.length / 4) + 4;
}

const FENCED_BLOCK = /^[ \t]*(`{3,}|~{3,})[^\n]*\n[\s\S]*?(?:^[ \t]*\1[`~]*[ \t]*$|(?![\s\S]))/gm;

/** An earlier answer as the model sees it again: code blocks replaced by a note, then shortened. */
export function summariseAnswer(content: string): string {
  return shorten(content.replace(FENCED_BLOCK, OMITTED_CODE_NOTE).trim());
}

function shorten(text: string): string {
  if (text.length <= CONVERSATION_MESSAGE_MAX_CHARS) return text;
  return `${text.slice(0, CONVERSATION_MESSAGE_MAX_CHARS - 1).trimEnd()}…`;
}

/**
 * Earlier turns that fit the budget, newest kept first: pairs of a request and the answer that
 * followed it (a request whose answer failed is left out, so roles alternate user, assistant).
 */
export function recentTurns(history: readonly ConversationEntry[]): ConversationMessage[] {
  const pairs: [ConversationMessage, ConversationMessage][] = [];
  for (let i = history.length - 1; i > 0 && pairs.length < CONVERSATION_MAX_TURNS; i--) {
    const answer = history[i]!;
    const request = history[i - 1]!;
    if (answer.role !== 'assistant' || request.role !== 'user') continue;
    const said = summariseAnswer(answer.content);
    const asked = shorten(request.content.trim());
    if (!said || !asked) continue;
    pairs.push([
      { role: 'user', content: asked },
      { role: 'assistant', content: said },
    ]);
    i--;
  }
  const kept: ConversationMessage[] = [];
  let used = 0;
  for (const [asked, said] of pairs) {
    const cost = estimateTokens(asked.content) + estimateTokens(said.content);
    if (used + cost > CONVERSATION_TOKEN_BUDGET) break;
    used += cost;
    kept.unshift(asked, said);
  }
  return kept;
}

/**
 * The `messages` of a generator call: the recent turns under the budget, then the SPEC §7.1
 * prompt as the last user message.
 * @example buildConversationMessages({ history, language: 'Python', request: 'undo that', currentCode })
 */
export function buildConversationMessages(input: ConversationInput): ConversationMessage[] {
  return [
    ...recentTurns(input.history),
    {
      role: 'user',
      content: buildGenerationPrompt({
        language: input.language,
        request: input.request,
        currentCode: input.currentCode,
      }),
    },
  ];
}
