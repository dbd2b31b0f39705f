import { describe, expect, it, vi } from 'vitest';
import type { HttpRequest } from '../http.ts';
import { NetworkError } from '../errors.ts';
import { computeCtaStats, fetchCtaStats, trackCtaClick } from './cta.ts';

const rows = (...names: string[]) => names.map((cta_name) => ({ cta_name }));

describe('computeCtaStats', () => {
  it('counts the total and the top 5 by count, most clicked first', () => {
    const stats = computeCtaStats(
      rows('a', 'b', 'b', 'c', 'c', 'c', 'd', 'e', 'e', 'f', 'f', 'f', 'f', 'g'),
    );
    expect(stats.totalClicks).toBe(14);
    expect(stats.top).toEqual([
      { ctaName: 'f', count: 4 },
      { ctaName: 'c', count: 3 },
      { ctaName: 'b', count: 2 },
      { ctaName: 'e', count: 2 },
      { ctaName: 'a', count: 1 },
    ]);
  });

  it('is zero and empty for no clicks', () => {
    expect(computeCtaStats([])).toEqual({ totalClicks: 0, top: [] });
  });
});

describe('fetchCtaStats', () => {
  it('reads the stats the server counted (admins only)', async () => {
    const seen: HttpRequest[] = [];
    const answer = {
      totalClicks: 3,
      top: [
        { ctaName: 'Start Building', count: 2 },
        { ctaName: 'Get Started', count: 1 },
      ],
    };
    const stats = await fetchCtaStats({
      projectId: 'codewright',
      http: (async (req: HttpRequest) => {
        seen.push(req);
        return answer;
      }) as never,
    });
    expect(seen[0]).toMatchObject({ path: '/api/analytics/codewright/cta-stats' });
    expect(stats).toEqual(answer);
  });

  it('falls back to zero clicks and an empty list on failure (e.g. 403 for non-admins)', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const stats = await fetchCtaStats({
      projectId: 'codewright',
      http: (async () => {
        throw new NetworkError({ code: 'NETWORK_ERROR', status: 403 });
      }) as never,
    });
    expect(stats).toEqual({ totalClicks: 0, top: [] });
    expect(error).toHaveBeenCalled();
    error.mockRestore();
  });
});

describe('trackCtaClick', () => {
  it('logs cta_clicked and stores the interaction with the user id', async () => {
    const seen: HttpRequest[] = [];
    const track = vi.fn();
    await trackCtaClick(
      {
        projectId: 'codewright',
        http: (async (req: HttpRequest) => {
          seen.push(req);
          return [];
        }) as never,
        getCurrentUser: async () => ({ id: 'usr_1' }),
        track,
        now: () => Date.parse('2026-01-01T00:00:00Z'),
      },
      { ctaName: 'Start Building', page: '/' },
    );
    expect(track).toHaveBeenCalledWith('cta_clicked', { cta_name: 'Start Building', page: '/' });
    expect(seen[0]).toMatchObject({
      method: 'POST',
      path: '/api/db/codewright/rest/v1/cta_interactions',
      body: {
        cta_name: 'Start Building',
        page: '/',
        user_id: 'usr_1',
        timestamp: '2026-01-01T00:00:00.000Z',
      },
    });
  });

  it('never throws: a failing user lookup means anonymous, a failing insert is only logged', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const seen: HttpRequest[] = [];
    await expect(
      trackCtaClick(
        {
          projectId: 'codewright',
          http: (async (req: HttpRequest) => {
            seen.push(req);
            throw new Error('down');
          }) as never,
          getCurrentUser: async () => {
            throw new Error('no');
          },
          track: () => {},
        },
        { ctaName: 'Get Started', page: '/pricing' },
      ),
    ).resolves.toBeUndefined();
    expect((seen[0]!.body as { user_id: unknown }).user_id).toBeNull();
    expect(error).toHaveBeenCalledWith('CTA tracking failed', expect.any(Error));
    error.mockRestore();
  });
});
