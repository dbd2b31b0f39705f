import { describe, expect, it } from 'vitest';
import { formatProjectDate, formatProjectDateFull } from './format-date.ts';

describe('formatProjectDate', () => {
  it('prints a short human date', () => {
    expect(formatProjectDate('2025-01-05T12:00:00.000Z')).toBe('Jan 5, 2025');
    expect(formatProjectDateFull('2025-01-05T12:00:00.000Z')).toMatch(/January 5, 2025/);
  });

  it('gives back text that is not a date unchanged', () => {
    expect(formatProjectDate('soon')).toBe('soon');
    expect(formatProjectDateFull('')).toBe('');
  });
});
