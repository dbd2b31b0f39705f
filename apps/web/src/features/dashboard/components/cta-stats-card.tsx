import { MousePointerClick } from 'lucide-react';
import type { CtaStats } from '@codewright/sdk';
import { Card } from '../../../components/ui/card.tsx';

/** Admins only: total CTA clicks and the five most clicked (SPEC §7.1), with their share. */
export function CtaStatsCard({ stats }: { stats: CtaStats }) {
  const most = stats.top[0]?.count ?? 0;
  return (
    <section aria-labelledby="cta-stats-title" className="mt-4" data-testid="cta-stats">
      <Card>
        <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
          <h2
            id="cta-stats-title"
            className="flex items-center gap-2 text-sm font-medium text-muted"
          >
            <MousePointerClick className="size-4 text-accent-hover" aria-hidden="true" />
            Call-to-action clicks
          </h2>
          <span className="rounded-md bg-white/5 px-2 py-0.5 text-xs text-muted">Admin</span>
          <p className="ml-auto text-sm text-muted">
            <span className="text-2xl font-semibold tracking-tight text-fg tabular-nums">
              {stats.totalClicks}
            </span>{' '}
            clicks in all
          </p>
        </div>
        {stats.top.length === 0 ? (
          <p className="mt-3 text-sm text-muted">No clicks recorded yet.</p>
        ) : (
          <ol className="mt-3 space-y-2" aria-label="Top 5 calls to action">
            {stats.top.map((item, i) => (
              <li
                key={item.ctaName}
                className="grid grid-cols-[1.5rem_minmax(0,1fr)_auto] items-center gap-2 text-sm"
              >
                <span className="text-xs text-muted tabular-nums">{i + 1}.</span>
                <span className="min-w-0">
                  <span className="block truncate text-fg">{item.ctaName}</span>
                  <span
                    className="mt-1 block h-1.5 rounded-full bg-accent/70"
                    style={{ width: `${most > 0 ? Math.max(4, (item.count / most) * 100) : 0}%` }}
                    aria-hidden="true"
                  />
                </span>
                <span className="text-muted tabular-nums">
                  {item.count} {item.count === 1 ? 'click' : 'clicks'}
                </span>
              </li>
            ))}
          </ol>
        )}
      </Card>
    </section>
  );
}
