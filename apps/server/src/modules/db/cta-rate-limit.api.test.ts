import { expect, it } from 'vitest';
import { CTA_INSERT_RATE_LIMIT_PER_MINUTE } from '@codewright/contract';
import { useTestApp } from '../../test/test-app.ts';
import { errorOf, rest } from './db-test-helpers.ts';

const t = useTestApp();

it('rate-limits anonymous CTA inserts per client', async () => {
  const body = { cta_name: 'start-building', page: '/' };
  for (let i = 0; i < CTA_INSERT_RATE_LIMIT_PER_MINUTE; i++) {
    const res = await rest(t.app, 'POST', 'cta_interactions', { body });
    expect(res.statusCode).toBe(201);
  }
  const limited = await rest(t.app, 'POST', 'cta_interactions', { body });
  expect(limited.statusCode).toBe(429);
  expect(errorOf(limited).code).toBe('RATE_LIMITED');
  expect(limited.headers['retry-after']).toBeDefined();
});
