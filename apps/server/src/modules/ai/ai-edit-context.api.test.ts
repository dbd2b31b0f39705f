// Context chips on an edit (docs/decisions/024, 033): a prompt while the editor holds code and
// Edit selection carry the attached page's text ahead of the edit prompt, like a first
// generation. The scripted model's [[echo]] answers with the messages that reached it, through
// the real route and provider code.
import { describe, expect, it } from 'vitest';
import {
  CONTEXT_HEADING,
  buildEditCallMessages,
  chooseEditFormat,
  type PromptContextItem,
} from '@codewright/contract';
import { newSession } from '../../test/auth-helpers.ts';
import { echoedMessages, useScriptedModelApp } from '../../test/scripted-model-app.ts';

const scripted = useScriptedModelApp();

const page: PromptContextItem = {
  kind: 'web',
  title: 'Paging guide',
  source: 'https://docs.example.com/paging',
  text: '# Paging\n\nUse `?page=N&size=20`; the PAGING-MARKER-7 header carries the total.',
};
const code = 'function list(items) {\n  return items;\n}\n\nconsole.log(list([1, 2, 3]));\n';
const history = [
  { role: 'user' as const, content: 'a list function' },
  { role: 'assistant' as const, content: `Here it is.\n\n\`\`\`js\n${code}\`\`\`` },
];

/** Sends an edit's messages on the edit meter; returns what the model received and the plan. */
const editEchoed = (token: string, messages: unknown[]) =>
  echoedMessages(scripted.t, token, messages, 'edit');

async function editsUsed(token: string) {
  const res = await scripted.t.app.inject({
    method: 'GET',
    url: '/api/plan',
    headers: { authorization: `Bearer ${token}` },
  });
  return res.json<{ usage: { editsUsed: number } }>().usage.editsUsed;
}

describe('context chips reach the model on an edit', () => {
  it('a follow-up edit of the whole file carries the page text in its last message only', async () => {
    const { session } = await newSession(scripted.t.app);
    const token = session.access_token;
    const { messages } = buildEditCallMessages({
      language: 'JavaScript',
      request: 'add paging as the page describes [[echo]]',
      code,
      format: chooseEditFormat(code),
      history,
      context: [page],
    });
    const seen = await editEchoed(token, messages);

    const last = seen.at(-1)!;
    expect(last.role).toBe('user');
    expect(last.content.startsWith(CONTEXT_HEADING)).toBe(true);
    expect(last.content).toContain(
      '--- Web page: Paging guide (https://docs.example.com/paging) ---',
    );
    expect(last.content).toContain('the PAGING-MARKER-7 header carries the total');
    // The context comes before the edit request and the code it edits.
    const at = (s: string) => last.content.indexOf(s);
    expect(at('--- end of context ---')).toBeLessThan(at('add paging as the page describes'));
    expect(at('add paging as the page describes')).toBeLessThan(at('return items;'));
    // Earlier turns keep only their own text (decision 013): no copy of the page there.
    expect(seen.slice(0, -1).some((m) => m.content.includes('PAGING-MARKER-7'))).toBe(false);
    expect(await editsUsed(token)).toBe(1);
  });

  it('Edit selection carries the context too, with the selected lines named', async () => {
    const { session } = await newSession(scripted.t.app);
    const { messages } = buildEditCallMessages({
      language: 'JavaScript',
      request: 'page this function [[echo]]',
      code,
      format: 'whole',
      selection: { startLine: 1, endLine: 3 },
      history: [],
      context: [page],
    });
    const seen = await editEchoed(session.access_token, messages);
    expect(seen).toHaveLength(1);
    expect(seen[0]!.content).toContain('the PAGING-MARKER-7 header carries the total');
    expect(seen[0]!.content).toContain('page this function');
  });

  it('without chips an edit carries no context block', async () => {
    const { session } = await newSession(scripted.t.app);
    const { messages } = buildEditCallMessages({
      language: 'JavaScript',
      request: 'rename list to all [[echo]]',
      code,
      format: 'whole',
      history,
    });
    const seen = await editEchoed(session.access_token, messages);
    expect(seen.at(-1)!.content).not.toContain(CONTEXT_HEADING);
  });
});
