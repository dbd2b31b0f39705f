import { useState } from 'react';
import { RouterProvider } from 'react-router/dom';
import { Toaster } from 'sonner';
import type { AuthClient } from '@codewright/sdk';
import { AuthProvider } from './features/auth/components/auth-provider.tsx';
import { createAppRouter } from './router.tsx';

/** The whole app: auth state, routes, and toasts at the top right (SPEC §2.1). */
export function App({ auth }: { auth: AuthClient }) {
  const [router] = useState(createAppRouter);
  return (
    <AuthProvider auth={auth}>
      <RouterProvider router={router} />
      <Toaster position="top-right" theme="dark" richColors closeButton />
    </AuthProvider>
  );
}
