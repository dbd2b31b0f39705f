import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { useDocumentTitle } from '../../../hooks/use-document-title.ts';

/** Any unknown path. */
export function NotFoundPage() {
  useDocumentTitle('Page not found');
  return (
    <section className="flex flex-1 flex-col items-center justify-center px-4 py-24 text-center">
      <p className="font-mono text-sm text-accent-hover">404</p>
      <h1 className="mt-3 text-3xl font-semibold tracking-tight text-fg sm:text-4xl">
        Page not found
      </h1>
      <p className="mt-4 max-w-md text-muted">
        The page you are looking for does not exist or has moved.
      </p>
      <Link to="/" className={buttonClasses('outline', 'md', 'mt-8')}>
        Back to home
      </Link>
    </section>
  );
}
