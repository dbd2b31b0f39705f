import { useState } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { LogIn } from 'lucide-react';
import { POST_LOGIN_PATH_HEADER } from '@codewright/contract';
import { BrandMark } from '../../../components/brand.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { useDocumentTitle } from '../../../hooks/use-document-title.ts';
import { useAuth } from '../hooks/use-auth.ts';
import { AuthDialog } from '../components/auth-dialog.tsx';
import { safeRedirectPath } from '../social-sign-in.ts';

/** /sign-in (SPEC §2.9): one button opens the auth dialog; success returns to ?redirect or /dashboard. */
export function SignInPage() {
  useDocumentTitle('Sign In');
  const { status } = useAuth();
  const [params] = useSearchParams();
  const [open, setOpen] = useState(false);
  const redirectTo = safeRedirectPath(params.get('redirect'), POST_LOGIN_PATH_HEADER);

  // Already signed in: straight on. (While the dialog is open its own success navigation wins.)
  if (status === 'signed-in' && !open) return <Navigate to={redirectTo} replace />;

  return (
    <section className="relative flex flex-1 items-center justify-center overflow-hidden px-4 py-16 sm:py-24">
      <div className="bg-grid pointer-events-none absolute inset-0" aria-hidden="true" />
      <div className="relative w-full max-w-sm rounded-2xl border border-border-strong bg-surface/80 p-8 text-center shadow-2xl shadow-black/40">
        <BrandMark className="mx-auto size-10" />
        <h1 className="mt-5 text-2xl font-semibold tracking-tight text-fg">
          Sign in to Codewright
        </h1>
        <p className="mt-2 text-sm leading-relaxed text-muted">
          Pick up where you left off: your projects, chat history and code versions are waiting.
        </p>
        <Button
          size="lg"
          className="mt-8 w-full text-sm"
          disabled={status === 'loading'}
          onClick={() => setOpen(true)}
        >
          <LogIn className="size-4" aria-hidden="true" />
          Continue to sign in
        </Button>
        {/* SPEC §2.9: an error area exists; the dialog reports failures as toasts, so it stays empty. */}
        <p role="alert" aria-live="polite" className="mt-3 min-h-5 text-sm text-danger" />
        <p className="mt-4 text-xs leading-relaxed text-subtle">
          By signing in you agree to our{' '}
          <Link to="/terms" className="text-muted underline underline-offset-2 hover:text-fg">
            Terms of Service
          </Link>{' '}
          and{' '}
          <Link to="/privacy" className="text-muted underline underline-offset-2 hover:text-fg">
            Privacy Policy
          </Link>
          .
        </p>
      </div>
      <AuthDialog open={open} onOpenChange={setOpen} redirectTo={redirectTo} />
    </section>
  );
}
