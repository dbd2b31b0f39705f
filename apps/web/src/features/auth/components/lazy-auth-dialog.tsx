import { lazy, Suspense } from 'react';
import type { AuthDialogProps } from './auth-dialog.tsx';

// The dialog (and the toast library it uses) is fetched the first time it opens, not with the
// page: it is not needed to show the landing page, whose JavaScript budget is 150 KB gzip.
const AuthDialog = lazy(() => import('./auth-dialog.tsx').then((m) => ({ default: m.AuthDialog })));

/** Starts fetching the dialog's code (e.g. on hover) so opening it feels instant. */
export function preloadAuthDialog(): void {
  void import('./auth-dialog.tsx');
}

/** The auth dialog of SPEC §2.10, loaded on first open; renders nothing while closed. */
export function LazyAuthDialog(props: AuthDialogProps) {
  if (!props.open) return null;
  return (
    <Suspense fallback={null}>
      <AuthDialog {...props} />
    </Suspense>
  );
}
