import { describe, expect, it } from 'vitest';
import { PLAN_LIMITS } from '@codewright/contract';
import { formatUsage, proBenefits, usageState, usageStatusText } from './usage.ts';

describe('usageState', () => {
  it('is ok below 80 %, warning from 80 %, exhausted at or above the limit', () => {
    expect(usageState(0, 10)).toBe('ok');
    expect(usageState(7, 10)).toBe('ok');
    expect(usageState(8, 10)).toBe('warning');
    expect(usageState(9, 10)).toBe('warning');
    expect(usageState(10, 10)).toBe('exhausted');
    expect(usageState(12, 10)).toBe('exhausted');
    expect(usageState(3, 5)).toBe('ok');
    expect(usageState(4, 5)).toBe('warning');
  });

  it('treats -1 as unlimited and a zero allowance as exhausted', () => {
    expect(usageState(500, -1)).toBe('unlimited');
    expect(usageState(0, 0)).toBe('exhausted');
  });
});

describe('usage texts', () => {
  it('formats used / limit with Unlimited for -1', () => {
    expect(formatUsage(8, 10)).toBe('8 / 10');
    expect(formatUsage(8, -1)).toBe('8 / Unlimited');
  });

  it('names each state in words', () => {
    expect(usageStatusText(2, 10)).toBe('8 left this month');
    expect(usageStatusText(8, 10)).toBe('Running low · 2 left');
    expect(usageStatusText(10, 10)).toBe('Limit reached');
    expect(usageStatusText(3, -1)).toBe('Unlimited on your plan');
    expect(usageStatusText(3, -1, false)).toBe("Unlimited on the workspace's plan");
    expect(usageStatusText(2, 10, false)).toBe('8 left this month');
  });
});

describe('proBenefits', () => {
  it('lists the Pro column of the plan table', () => {
    expect(proBenefits()).toEqual([
      'Unlimited generations and edits',
      'Unlimited projects',
      'Team collaboration for up to 5 members',
      'Private projects',
      'Advanced AI models',
      'Priority support',
      'Version control',
    ]);
  });

  it('follows the table when it changes', () => {
    const limited = { ...PLAN_LIMITS.pro, generationsPerMonth: 100, maxProjects: 20 };
    expect(proBenefits(limited).slice(0, 3)).toEqual([
      '100 generations a month',
      'Unlimited edits',
      'Up to 20 projects',
    ]);
  });
});
