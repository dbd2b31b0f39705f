import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ExternalLink, Globe, Loader2 } from 'lucide-react';
import type { SharedProject } from '@codewright/sdk';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useDocumentTitle } from '../../../hooks/use-document-title.ts';
import { useAuth } from '../../auth/index.ts';
import { generatorPath, type OpenProjectState } from '../../generator/index.ts';
import { ChatCodeBlock } from '../../editor/index.ts';
import { isDeadLink, messageOf } from '../../../components/error-message.ts';
import { useLoad } from '../../../hooks/use-load.ts';
import { client } from '../../../sdk.ts';

type ShareState =
  | { status: 'loading' }
  | { status: 'ready'; project: SharedProject }
  | { status: 'not-found' }
  | { status: 'error'; message: string };

/**
 * /share?t=<token> (DESIGN §2c): a public project, read-only, for anyone — no sign-in. Private,
 * unknown and regenerated links show "not found". "Open in generator" copies the project into
 * the visitor's own workspace once they are signed in (`open=1` survives the sign-in redirect).
 */
export function SharePage() {
  const [params] = useSearchParams();
  const token = params.get('t') ?? '';
  const { state: loaded } = useLoad<ShareState, SharedProject>(token || null, {
    load: (signal) => client.workspaces.getShared(token, { signal }),
    ready: (project) => ({ status: 'ready', project }),
    failed: (error) =>
      isDeadLink(error) ? { status: 'not-found' } : { status: 'error', message: messageOf(error) },
  });
  // A link without a token finds nothing, without asking the server.
  const state: ShareState = token ? loaded : { status: 'not-found' };
  useDocumentTitle(state.status === 'ready' ? state.project.name : 'Shared project');

  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-10 sm:px-6 sm:py-14">
      {state.status === 'loading' ? (
        <div role="status" aria-label="Loading the shared project" className="space-y-4">
          <Skeleton className="h-9 w-64" />
          <Skeleton className="h-80 w-full" />
        </div>
      ) : state.status === 'not-found' ? (
        <NotFound />
      ) : state.status === 'error' ? (
        <p role="alert" className="text-sm text-red-300">
          {state.message}
        </p>
      ) : (
        <Shared project={state.project} token={token} autoOpen={params.get('open') === '1'} />
      )}
    </div>
  );
}

function NotFound() {
  return (
    <section className="flex flex-col items-center py-16 text-center" data-testid="share-not-found">
      <p className="font-mono text-sm text-violet-200">404</p>
      <h1 className="mt-3 text-3xl font-semibold tracking-tight text-fg">Project not found</h1>
      <p className="mt-4 max-w-md text-muted">
        This link does not lead to a public project. It may have been made private, or its owner
        made a new link.
      </p>
      <Link to="/" className={buttonClasses('primary', 'md', 'mt-8')}>
        Back to home
      </Link>
    </section>
  );
}

function Shared({
  project,
  token,
  autoOpen,
}: {
  project: SharedProject;
  token: string;
  autoOpen: boolean;
}) {
  const { state: auth } = useAuth();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const opened = useRef(false);

  const open = async () => {
    if (auth.status !== 'signed-in') {
      const here = `/share?t=${encodeURIComponent(token)}&open=1`;
      void navigate(`/sign-in?redirect=${encodeURIComponent(here)}`);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      // A copy in the visitor's own personal workspace; the shared project is never touched.
      const [copy] = await client.db.from('projects').insert({
        name: project.name,
        language: project.language,
        code: project.code,
        description: project.description,
      });
      // Its other files too; if they cannot all be added, the half-made copy goes.
      const others = project.files.filter((f) => !f.isMain);
      if (others.length > 0) {
        try {
          await client.db
            .from('project_files')
            .insert(others.map((f) => ({ projectId: copy!.id, path: f.path, content: f.content })));
        } catch (failure) {
          await Promise.resolve(client.db.from('projects').delete().eq('id', copy!.id)).catch(
            () => undefined,
          );
          throw failure;
        }
      }
      const state: OpenProjectState = {
        projectId: copy!.id,
        projectName: copy!.name,
        language: copy!.language,
        code: copy!.code,
      };
      void navigate(generatorPath(copy!.id), { state });
    } catch (failure) {
      setError(messageOf(failure));
      setBusy(false);
    }
  };

  useEffect(() => {
    if (autoOpen && auth.status === 'signed-in' && !opened.current) {
      opened.current = true;
      void open();
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, after the sign-in redirect
  }, [autoOpen, auth.status]);

  const description = project.description?.trim();
  return (
    <article aria-labelledby="shared-name">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <p className="flex items-center gap-1.5 text-xs text-muted">
            <Globe className="size-3.5" aria-hidden="true" /> Shared project (read-only)
          </p>
          <h1
            id="shared-name"
            className="mt-2 text-3xl font-semibold tracking-tight break-words text-fg"
          >
            {project.name}
          </h1>
          <Badge className="mt-2" data-testid="shared-language">
            {project.language}
          </Badge>
        </div>
        <Button onClick={() => void open()} disabled={busy} className="self-start">
          {busy ? (
            <Loader2 className="size-4 animate-spin" aria-hidden="true" />
          ) : (
            <ExternalLink className="size-4" aria-hidden="true" />
          )}
          Open in generator
        </Button>
      </div>
      {error ? (
        <p role="alert" className="mt-3 text-sm text-red-300">
          {error}
        </p>
      ) : null}
      {description ? (
        <p className="mt-4 max-w-3xl text-sm leading-relaxed break-words whitespace-pre-line text-muted">
          {description}
        </p>
      ) : null}
      <SharedFiles project={project} />
    </article>
  );
}

/** The project's code; with several files, a list of them and the one chosen (issue 45). */
function SharedFiles({ project }: { project: SharedProject }) {
  const [chosen, setChosen] = useState(0);
  const files = project.files.length > 0 ? project.files : null;
  const file = files?.[Math.min(chosen, files.length - 1)];
  const lang = !file || file.isMain ? project.language.toLowerCase() : extensionOf(file.path);
  return (
    <div className="mt-6 flex flex-col gap-3 md:flex-row md:items-start">
      {files && files.length > 1 ? (
        <nav aria-label="Files" className="md:w-56 md:shrink-0" data-testid="shared-files">
          <ul className="flex gap-1 overflow-x-auto md:flex-col">
            {files.map((f, i) => (
              <li key={f.path} className="shrink-0">
                <button
                  type="button"
                  onClick={() => setChosen(i)}
                  aria-current={f === file ? 'true' : undefined}
                  className="w-full truncate rounded-md px-2 py-1.5 text-left font-mono text-xs text-muted hover:bg-white/5 hover:text-fg focus-visible:outline-2 focus-visible:outline-accent aria-[current=true]:bg-white/10 aria-[current=true]:text-fg"
                  title={f.path}
                >
                  {f.path}
                  {f.isMain ? <span className="ml-1.5 text-subtle">(main)</span> : null}
                </button>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      <Card className="min-w-0 flex-1 overflow-hidden p-0" data-testid="shared-code">
        <ChatCodeBlock key={file?.path} code={file?.content ?? project.code} lang={lang} />
      </Card>
    </div>
  );
}

const extensionOf = (path: string) => path.slice(path.lastIndexOf('.') + 1).toLowerCase();
