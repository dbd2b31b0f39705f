import { Link } from 'react-router';
import { LayoutDashboard, MessageSquare, Sparkles } from 'lucide-react';
import { MESSAGES } from '@codewright/contract';
import type { User } from '@codewright/sdk';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { useDocumentTitle } from '../../../hooks/use-document-title.ts';
import { RequireAuth } from '../../auth/components/require-auth.tsx';

/** /generator (SPEC §2.12), guarded. Chat, editor and meters arrive with the generator issue. */
export function GeneratorPage() {
  useDocumentTitle('AI Code Generator');
  return (
    <RequireAuth
      fallback={
        <div className="flex flex-1 items-center justify-center py-24" role="status">
          <Sparkles className="size-10 animate-pulse text-accent-hover" aria-hidden="true" />
          <span className="sr-only">Loading the generator…</span>
        </div>
      }
    >
      {(user) => <GeneratorShell user={user} />}
    </RequireAuth>
  );
}

function GeneratorShell({ user }: { user: User }) {
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 sm:py-10">
      <div className="flex flex-col gap-4 border-b border-border pb-6 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex min-w-0 items-center gap-3">
          <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-xl bg-accent-soft text-accent-hover">
            <Sparkles className="size-5" aria-hidden="true" />
          </span>
          <div className="min-w-0">
            <h1 className="text-2xl font-semibold tracking-tight text-fg">AI Code Generator</h1>
            <p className="text-sm text-muted">Build with AI assistance</p>
          </div>
        </div>
        <div className="flex items-center gap-3">
          <span className="min-w-0 truncate text-sm text-subtle">{user.email}</span>
          <Link to="/dashboard" className={buttonClasses('outline', 'sm')}>
            <LayoutDashboard className="size-4" aria-hidden="true" />
            Dashboard
          </Link>
        </div>
      </div>

      <div className="mt-6 grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <section
          aria-labelledby="chat-title"
          className="min-w-0 rounded-2xl border border-border bg-surface p-5"
        >
          <h2 id="chat-title" className="flex items-center gap-2 font-semibold text-fg">
            <MessageSquare className="size-4 text-accent-hover" aria-hidden="true" />
            Chat History
          </h2>
          <p className="mt-6 mb-4 text-center text-sm text-muted">{MESSAGES.chatEmpty}</p>
        </section>
        <section
          aria-labelledby="editor-title"
          className="min-h-64 min-w-0 rounded-2xl border border-border bg-surface"
        >
          <div className="flex items-center justify-between border-b border-border px-5 py-3">
            <h2 id="editor-title" className="font-semibold text-fg">
              Code Editor
            </h2>
            <span className="rounded-md bg-white/5 px-2 py-0.5 text-xs text-muted">JavaScript</span>
          </div>
          <pre className="overflow-x-auto px-5 py-4 font-mono text-sm text-subtle">
            {'// Your generated code will appear here'}
          </pre>
        </section>
      </div>
    </div>
  );
}
