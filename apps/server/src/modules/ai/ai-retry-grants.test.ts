import { describe, expect, it } from 'vitest';
import {
  EDIT_RETRY_GRANT_TTL_MS,
  EDIT_RETRY_HEADING,
  type AiTextRequest,
} from '@codewright/contract';
import { createRetryGrants } from './ai-retry-grants.ts';

const retry = (retryOf: string): AiTextRequest => ({
  meter: 'edit',
  retryOf,
  messages: [
    { role: 'user', content: 'prompt' },
    { role: 'assistant', content: 'answer' },
    { role: 'user', content: `${EDIT_RETRY_HEADING}\n…` },
  ],
});

describe('retry grants', () => {
  it('expire after EDIT_RETRY_GRANT_TTL_MS', () => {
    let now = 0;
    const grants = createRetryGrants(() => now);
    grants.grant('ans_1', 'usr_1');
    now = EDIT_RETRY_GRANT_TTL_MS + 1;
    expect(grants.take('usr_1', retry('ans_1'))).toBeNull();
  });

  it('are given back when the free call is refunded, and spent when it is kept', async () => {
    const grants = createRetryGrants(() => 0);
    grants.grant('ans_1', 'usr_1');
    const free = grants.take('usr_1', retry('ans_1'));
    expect(free).not.toBeNull();
    await free!.refund();
    const again = grants.take('usr_1', retry('ans_1'));
    expect(again).not.toBeNull();
    again!.keep();
    await again!.refund();
    expect(grants.take('usr_1', retry('ans_1'))).toBeNull();
  });
});
