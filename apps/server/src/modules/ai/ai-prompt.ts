import type { LanguageModelV3Message, LanguageModelV3Prompt } from '@ai-sdk/provider';
import type { AiTextRequest } from '@codewright/contract';

/** An image sent with the prompt (a stored upload or a pasted screenshot). */
export interface ImagePart {
  data: Uint8Array;
  mediaType: string;
}

/**
 * The provider prompt: `messages` as given (plus `prompt` as a last user message), or
 * `prompt` alone; images go with the last user message.
 */
export function toPrompt(body: AiTextRequest, images: ImagePart[]): LanguageModelV3Prompt {
  const plain: { role: 'user' | 'assistant' | 'system'; content: string }[] =
    body.messages && body.messages.length > 0 ? [...body.messages] : [];
  if (body.prompt !== undefined && body.prompt.trim() !== '') {
    plain.push({ role: 'user', content: body.prompt });
  }
  let lastUser = -1;
  plain.forEach((m, i) => {
    if (m.role === 'user') lastUser = i;
  });
  const prompt: LanguageModelV3Message[] = plain.map((m, i) => {
    if (m.role === 'system') return { role: 'system', content: m.content };
    if (m.role === 'assistant')
      return { role: 'assistant', content: [{ type: 'text', text: m.content }] };
    return {
      role: 'user',
      content: [
        { type: 'text', text: m.content },
        ...(i === lastUser
          ? images.map((img) => ({
              type: 'file' as const,
              data: img.data,
              mediaType: img.mediaType,
            }))
          : []),
      ],
    };
  });
  if (lastUser === -1 && images.length > 0) {
    prompt.push({
      role: 'user',
      content: images.map((img) => ({
        type: 'file' as const,
        data: img.data,
        mediaType: img.mediaType,
      })),
    });
  }
  return prompt;
}
