/**
 * A small Server-Sent Events parser for fetch bodies (EventSource cannot POST
 * or send a Bearer token). Feed it decoded text in any split; it hands back the
 * `data` of each complete event (several `data:` lines joined by "\n").
 * Comments (`:` lines) and other fields (event, id, retry) are ignored.
 */
import { AI_METER_EVENT } from '@codewright/contract';

export class SseParser {
  private buffer = '';
  private data: string[] = [];

  /** Adds text; returns the data of every event completed by it. */
  push(text: string): string[] {
    this.buffer += text;
    const out: string[] = [];
    for (;;) {
      const match = /\r\n|\r|\n/.exec(this.buffer);
      if (!match) break;
      // A lone \r at the very end may be the first half of \r\n: wait for more.
      if (match[0] === '\r' && match.index === this.buffer.length - 1) break;
      const line = this.buffer.slice(0, match.index);
      this.buffer = this.buffer.slice(match.index + match[0].length);
      this.line(line, out);
    }
    return out;
  }

  /** Ends the input: an event without its closing blank line still counts. */
  end(): string[] {
    const out: string[] = [];
    if (this.buffer !== '') {
      this.line(this.buffer, out);
      this.buffer = '';
    }
    this.line('', out);
    return out;
  }

  private line(line: string, out: string[]) {
    if (line === '') {
      if (this.data.length > 0) out.push(this.data.join('\n'));
      this.data = [];
      return;
    }
    if (line.startsWith(':')) return;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'data') this.data.push(value);
  }
}

/** One event of the AI SDK UI message stream, as the SDK reads it. */
export type UiStreamEvent =
  | { type: 'start'; messageId?: string }
  | { type: 'meter'; meter: string; charged: boolean }
  | { type: 'text-delta'; delta: string; id?: string }
  | { type: 'error'; errorText: string }
  | { type: 'finish'; finishReason?: string }
  | { type: 'abort'; reason?: string }
  | { type: 'done' }
  | { type: 'other'; raw: unknown };

/** Reads one event's data: `[DONE]`, or a JSON chunk of the UI message stream protocol. */
export function parseUiStreamData(data: string): UiStreamEvent {
  if (data === '[DONE]') return { type: 'done' };
  let chunk: unknown;
  try {
    chunk = JSON.parse(data);
  } catch {
    return { type: 'other', raw: data };
  }
  const c = chunk as {
    type?: unknown;
    delta?: unknown;
    errorText?: unknown;
    finishReason?: unknown;
    messageId?: unknown;
    data?: { meter?: unknown; charged?: unknown };
  };
  if (c.type === 'start')
    return typeof c.messageId === 'string'
      ? { type: 'start', messageId: c.messageId }
      : { type: 'start' };
  if (c.type === AI_METER_EVENT && typeof c.data?.charged === 'boolean')
    return { type: 'meter', meter: String(c.data.meter), charged: c.data.charged };
  if (c.type === 'text-delta' && typeof c.delta === 'string')
    return { type: 'text-delta', delta: c.delta };
  if (c.type === 'error')
    return { type: 'error', errorText: typeof c.errorText === 'string' ? c.errorText : '' };
  if (c.type === 'finish')
    return {
      type: 'finish',
      finishReason: typeof c.finishReason === 'string' ? c.finishReason : undefined,
    };
  if (c.type === 'abort') return { type: 'abort' };
  return { type: 'other', raw: chunk };
}
