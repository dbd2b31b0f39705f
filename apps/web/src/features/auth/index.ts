/**
 * The auth feature's door. Its pages are reached through the router's lazy routes; its dialog
 * only through LazyAuthDialog, fetched on first open (the landing page's JavaScript budget).
 */
export { AuthProvider, type AuthSource } from './components/auth-provider.tsx';
export { RequireAuth } from './components/require-auth.tsx';
export { LazyAuthDialog } from './components/lazy-auth-dialog.tsx';
export type { AuthDialogProps, AuthMode } from './components/auth-dialog.tsx';
export { useAuth, type AuthContextValue } from './hooks/use-auth.ts';
