import { Link, useLocation } from 'react-router';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { usePageMeta } from '../hooks/use-page-meta.ts';

const SUGGESTIONS = [
  { to: '/features', label: 'Features' },
  { to: '/examples', label: 'Examples' },
  { to: '/pricing', label: 'Pricing' },
  { to: '/docs', label: 'Documentation' },
] as const;

/** Any unknown path: says so, and offers the main pages. */
export function NotFoundPage() {
  usePageMeta('Page not found', 'This page does not exist. Go back to Codewright’s home page.');
  const { pathname } = useLocation();
  return (
    <section className="flex flex-1 flex-col items-center justify-center px-4 py-24 text-center">
      <p className="font-mono text-sm text-violet-200">404</p>
      <h1 className="mt-3 text-3xl font-semibold tracking-tight text-fg sm:text-4xl">
        Page not found
      </h1>
      <p className="mt-4 max-w-md break-words text-muted">
        There is no page at <code className="font-mono text-fg">{pathname}</code>. It may have
        moved, or the address may be mistyped.
      </p>
      <Link to="/" className={buttonClasses('primary', 'md', 'mt-8')}>
        Back to home
      </Link>
      <nav aria-label="Suggested pages" className="mt-8">
        <ul className="flex flex-wrap justify-center gap-x-6 gap-y-2 text-sm">
          {SUGGESTIONS.map((s) => (
            <li key={s.to}>
              <Link
                to={s.to}
                className="text-muted underline-offset-4 hover:text-fg hover:underline"
              >
                {s.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </section>
  );
}
