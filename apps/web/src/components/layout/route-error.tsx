import { isRouteErrorResponse, useRouteError } from 'react-router';

/** Last-resort screen when a route throws; plain markup so it renders even if the layout is what failed. */
export function RouteError() {
  const error = useRouteError();
  console.error(error);
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : 'Unexpected error';
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center px-4 text-center">
      <h1 className="text-2xl font-semibold text-fg">Something went wrong</h1>
      <p className="mt-3 text-muted">{detail}. Please reload the page.</p>
      <a href="/" className="mt-6 text-sm text-accent-hover underline underline-offset-4">
        Back to home
      </a>
    </main>
  );
}
