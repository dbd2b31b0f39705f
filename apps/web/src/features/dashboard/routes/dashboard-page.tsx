import { Link } from 'react-router';
import { FolderPlus, Loader2 } from 'lucide-react';
import type { User } from '@codewright/sdk';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { useDocumentTitle } from '../../../hooks/use-document-title.ts';
import { RequireAuth } from '../../auth/components/require-auth.tsx';

/** /dashboard (SPEC §2.11), guarded. The plan, usage and project list arrive with the dashboard issue. */
export function DashboardPage() {
  useDocumentTitle('Dashboard');
  return (
    <RequireAuth
      fallback={
        <div className="flex flex-1 items-center justify-center py-24" role="status">
          <Loader2 className="size-6 animate-spin text-accent-hover" aria-hidden="true" />
          <span className="sr-only">Loading your workspace…</span>
        </div>
      }
    >
      {(user) => <Workspace user={user} />}
    </RequireAuth>
  );
}

function Workspace({ user }: { user: User }) {
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-10 sm:px-6 sm:py-14">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="min-w-0">
          <h1 className="text-3xl font-semibold tracking-tight text-fg">Coding Workspace</h1>
          <p className="mt-2 truncate text-sm text-muted">
            Signed in as <span className="font-medium text-fg">{user.email}</span>
          </p>
        </div>
        <Link to="/generator" className={buttonClasses('primary', 'md')}>
          Open Generator
        </Link>
      </div>

      <section aria-labelledby="projects-title" className="mt-10">
        <h2 id="projects-title" className="text-lg font-semibold text-fg">
          Your Projects
        </h2>
        <div className="mt-4 flex flex-col items-center rounded-2xl border border-dashed border-border-strong bg-surface/50 px-6 py-14 text-center">
          <span className="inline-flex size-12 items-center justify-center rounded-xl bg-accent-soft text-accent-hover">
            <FolderPlus className="size-6" aria-hidden="true" />
          </span>
          <p className="mt-4 font-medium text-fg">No projects yet</p>
          <p className="mt-1 max-w-sm text-sm text-muted">
            Generate some code and save it to see it here.
          </p>
          <Link to="/generator" className={buttonClasses('outline', 'md', 'mt-6')}>
            Create Your First Project
          </Link>
        </div>
      </section>
    </div>
  );
}
