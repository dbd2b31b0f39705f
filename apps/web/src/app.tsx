import { useState } from 'react';
import { RouterProvider } from 'react-router/dom';
import type { AuthClient } from '@codewright/sdk';
import { AuthProvider } from './features/auth/components/auth-provider.tsx';
import { createAppRouter } from './router.tsx';
import { DeferredToaster } from './features/marketing/components/deferred-toaster.tsx';

/** The whole app: auth state, routes, and toasts at the top right (SPEC §2.1). */
export function App({ auth }: { auth: AuthClient }) {
  const [router] = useState(createAppRouter);
  return (
    <AuthProvider auth={auth}>
      <RouterProvider router={router} />
      {/* Loaded on demand to keep the landing page's JavaScript small. */}
      <DeferredToaster />
    </AuthProvider>
  );
}
