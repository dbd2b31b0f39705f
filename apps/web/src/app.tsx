import { useState } from 'react';
import { RouterProvider } from 'react-router/dom';
import type { AuthClient } from '@codewright/sdk';
import { AuthProvider } from './features/auth/index.ts';
import { createAppRouter } from './router.tsx';
import { DeferredToaster } from './features/marketing/index.ts';

interface AppProps {
  auth: AuthClient;
  /** The browser's router by default; the build-time render (prerender.tsx) passes a memory one. */
  createRouter?: () => ReturnType<typeof createAppRouter>;
}

/** The whole app: auth state, routes, and toasts at the top right (SPEC §2.1). */
export function App({ auth, createRouter = createAppRouter }: AppProps) {
  const [router] = useState(createRouter);
  return (
    <AuthProvider auth={auth}>
      <RouterProvider router={router} />
      {/* Loaded on demand to keep the landing page's JavaScript small. */}
      <DeferredToaster />
    </AuthProvider>
  );
}
