// Conversation memory (docs/decisions/013-generator-workspace.md): the generator sends the recent
// turns as messages, the SPEC §7.1 prompt last. The scripted model's [[echo]] answers with the
// messages that reached it, through the real provider code, so this checks the whole path.
import { describe, expect, it } from 'vitest';
import {
  CONVERSATION_MAX_TURNS,
  OMITTED_CODE_NOTE,
  buildConversationMessages,
  buildGenerationPrompt,
  type ConversationEntry,
} from '@codewright/contract';
import { newSession } from '../../test/auth-helpers.ts';
import { echoedMessages, useScriptedModelApp } from '../../test/scripted-model-app.ts';

const scripted = useScriptedModelApp();

/** Sends `messages` as the generator does and returns what the model said it received. */
const echoed = (token: string, messages: unknown[]) =>
  echoedMessages(scripted.t, token, messages, 'edit');

describe('conversation memory reaches the model', () => {
  it('"undo your last change" arrives with the previous turn, the §7.1 prompt last', async () => {
    const { session } = await newSession(scripted.t.app);
    const current = "function greet() {\n  return 'hi';\n}\n// edited: add logging";
    const history: ConversationEntry[] = [
      { role: 'user', content: 'a greeting function' },
      {
        role: 'assistant',
        content:
          "Here is the JavaScript code for: a greeting function.\n\n```js\nfunction greet() {\n  return 'hi';\n}\n```",
      },
      { role: 'user', content: 'add logging' },
      {
        role: 'assistant',
        content: `Here is your JavaScript code, edited: add logging.\n\n\`\`\`js\n${current}\n\`\`\``,
      },
    ];
    const messages = buildConversationMessages({
      history,
      language: 'JavaScript',
      request: 'undo your last change [[echo]]',
      currentCode: current,
    });
    const seen = await echoed(session.access_token, messages);

    expect(seen.at(-1)).toEqual({
      role: 'user',
      content: buildGenerationPrompt({
        language: 'JavaScript',
        request: 'undo your last change [[echo]]',
        currentCode: current,
      }),
    });
    expect(seen.slice(-3, -1)).toEqual([
      { role: 'user', content: 'add logging' },
      {
        role: 'assistant',
        content: `Here is your JavaScript code, edited: add logging.\n\n${OMITTED_CODE_NOTE}`,
      },
    ]);
    expect(seen.map((m) => m.role)).toEqual(['user', 'assistant', 'user', 'assistant', 'user']);
    // The current code travels once, in the last message.
    expect(seen.filter((m) => m.content.includes('// edited: add logging'))).toHaveLength(1);
  });

  it('a long chat sends only the recent turns', async () => {
    const { session } = await newSession(scripted.t.app);
    const history: ConversationEntry[] = [];
    for (let i = 1; i <= 12; i++) {
      history.push({ role: 'user', content: `change number ${i}` });
      history.push({ role: 'assistant', content: `Done: change number ${i}.` });
    }
    const seen = await echoed(
      session.access_token,
      buildConversationMessages({
        history,
        language: 'Python',
        request: 'and one more [[echo]]',
        currentCode: 'x = 1',
      }),
    );
    expect(seen).toHaveLength(CONVERSATION_MAX_TURNS * 2 + 1);
    expect(seen[0]).toEqual({
      role: 'user',
      content: `change number ${13 - CONVERSATION_MAX_TURNS}`,
    });
    expect(seen.some((m) => m.content === 'change number 1')).toBe(false);
  });
});
