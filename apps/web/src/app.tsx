import { useState } from 'react';
import { RouterProvider } from 'react-router/dom';
import { AuthProvider, type AuthSource } from './features/auth/index.ts';
import { createAppRouter } from './router.tsx';
import { DeferredToaster } from './features/marketing/index.ts';

interface AppProps {
  /** Where the SDK's auth client comes from (main.tsx; never loaded at build time). */
  authSource: AuthSource;
  /** The browser's router by default; the build-time render (prerender.tsx) passes a memory one. */
  createRouter?: () => ReturnType<typeof createAppRouter>;
}

/** The whole app: auth state, routes, and toasts at the top right (SPEC §2.1). */
export function App({ authSource, createRouter = createAppRouter }: AppProps) {
  const [router] = useState(createRouter);
  return (
    <AuthProvider source={authSource}>
      <RouterProvider router={router} />
      {/* Loaded on demand to keep the landing page's JavaScript small. */}
      <DeferredToaster />
    </AuthProvider>
  );
}
