import type { LanguageModelV3StreamPart, LanguageModelV3Usage } from '@ai-sdk/provider';
import type { UIMessageChunk } from 'ai';
import type { AiUsage } from '@codewright/contract';

/**
 * The provider's stream parts (the AI SDK provider packages' `doStream`) mapped to the AI SDK's UI
 * message stream protocol, which the SDK's clients read (packages/sdk, `readUIMessageStream`).
 * Read straight from the provider's stream: streamText()'s orchestration (steps, tools, retries,
 * several web-stream layers per chunk), or any stream layer of our own, costs CPU per chunk that a
 * single-step text answer does not need, and 500 concurrent streams make that the server's main
 * cost (docs/decisions/009-streaming-under-load.md). ui-stream-mapper.test.ts holds it to the
 * SDK's own reader.
 */
export interface UiStreamMapper {
  /** Appends the UI chunks of one provider part to `out`. */
  map(part: LanguageModelV3StreamPart, out: UIMessageChunk[]): void;
  /** The token usage the provider reported with its finish part, if it did. */
  readonly usage: AiUsage | undefined;
}

/**
 * A mapper for the answer `answerId`. `errorText` names an error part for the user; null means the
 * answer was stopped by its client, which ends it with an abort chunk instead.
 */
export function createUiStreamMapper(
  answerId: string,
  errorText: (error: unknown) => string | null,
): UiStreamMapper {
  let started = false;
  let usage: AiUsage | undefined;
  return {
    get usage() {
      return usage;
    },
    map(part, out) {
      if (!started) {
        started = true;
        out.push({ type: 'start', messageId: answerId }, { type: 'start-step' });
      }
      switch (part.type) {
        case 'text-start':
        case 'text-end':
          out.push({ type: part.type, id: part.id });
          break;
        case 'text-delta':
          out.push({ type: 'text-delta', id: part.id, delta: part.delta });
          break;
        case 'finish':
          usage = usageOf(part.usage);
          out.push(
            { type: 'finish-step' },
            { type: 'finish', finishReason: part.finishReason.unified },
          );
          break;
        case 'error': {
          const text = errorText(part.error);
          out.push(text === null ? { type: 'abort' } : { type: 'error', errorText: text });
          break;
        }
        default:
          break;
      }
    },
  };
}

/** The provider's token counts as the contract's usage. */
function usageOf(u: LanguageModelV3Usage | undefined): AiUsage | undefined {
  if (!u) return undefined;
  const input = u.inputTokens?.total;
  const output = u.outputTokens?.total;
  return {
    inputTokens: input,
    outputTokens: output,
    totalTokens: input !== undefined && output !== undefined ? input + output : undefined,
  };
}
