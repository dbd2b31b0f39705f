import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { LayoutDashboard, Save, Sparkles } from 'lucide-react';
import { toast } from 'sonner';
import { DEFAULT_LANGUAGE, LANGUAGES, MESSAGES } from '@codewright/contract';
import type { User } from '@codewright/sdk';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { cn } from '../../../components/ui/cn.ts';
import { useDocumentTitle } from '../../../hooks/use-document-title.ts';
import { RequireAuth } from '../../auth/components/require-auth.tsx';
import { ProjectLimitDialog } from '../../plan/components/project-limit-dialog.tsx';
import { UpgradeDialog } from '../../plan/components/upgrade-dialog.tsx';
import { UsageMeter } from '../../plan/components/usage-meter.tsx';
import { usePlan } from '../../plan/hooks/use-plan.ts';
import { loadMonaco } from '../../editor/code-editor.tsx';
import { AssistantPanel } from '../components/assistant-panel.tsx';
import { ChatHistory } from '../components/chat-history.tsx';
import { EditorPanel } from '../components/editor-panel.tsx';
import { SaveDialog } from '../components/save-dialog.tsx';
import { useGenerator, type GeneratorNavState } from '../hooks/use-generator.ts';

function Loading() {
  return (
    <div className="flex flex-1 items-center justify-center py-24" role="status">
      <Sparkles className="size-10 animate-pulse text-accent-hover" aria-hidden="true" />
      <span className="sr-only">Loading the generator…</span>
    </div>
  );
}

/** /generator (SPEC §2.12), guarded: signed out → /sign-in; a pulsing icon while loading. */
export function GeneratorPage() {
  useDocumentTitle('AI Code Generator');
  // The editor chunk starts downloading with the page, not after auth and plan have answered.
  void loadMonaco().catch(() => undefined);
  return <RequireAuth fallback={<Loading />}>{(user) => <PlanGate user={user} />}</RequireAuth>;
}

function PlanGate({ user }: { user: User }) {
  const plan = usePlan(user.id);
  const location = useLocation();
  const [initial] = useState<GeneratorNavState>(() => readNavState(location.state));
  if (plan.loading) return <Loading />;
  return <Generator user={user} plan={plan} initial={initial} />;
}

function readNavState(state: unknown): GeneratorNavState {
  if (!state || typeof state !== 'object') return {};
  const s = state as Record<string, unknown>;
  const text = (key: string) => (typeof s[key] === 'string' ? (s[key] as string) : undefined);
  const language = text('language');
  const known = LANGUAGES.find((l) => l.label === language || l.id === language)?.label;
  return {
    projectId: text('projectId'),
    projectName: text('projectName'),
    language: known,
    code: text('code'),
    initialPrompt: text('initialPrompt'),
  };
}

function Generator({
  user,
  plan,
  initial,
}: {
  user: User;
  plan: ReturnType<typeof usePlan>;
  initial: GeneratorNavState;
}) {
  const g = useGenerator({
    user,
    initial,
    defaultLanguage: DEFAULT_LANGUAGE,
    plan: plan.plan,
    reloadPlan: plan.reload,
  });
  const [saveOpen, setSaveOpen] = useState(false);
  const info = plan.plan;
  const hasCode = g.code.trim() !== '';
  const updating = g.projectId !== null;

  const openSave = () => {
    if (!hasCode) {
      toast.error(MESSAGES.generateFirst);
      return;
    }
    setSaveOpen(true);
  };

  return (
    <div className="mx-auto w-full max-w-[90rem] px-4 py-6 sm:px-6 lg:py-8" data-testid="generator">
      <header className="flex flex-col gap-4 border-b border-border pb-5 xl:flex-row xl:items-center xl:justify-between">
        <div className="flex min-w-0 items-center gap-3">
          <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-xl bg-accent-soft text-accent-hover">
            <Sparkles className="size-5" aria-hidden="true" />
          </span>
          <div className="min-w-0">
            <h1 className="text-2xl font-semibold tracking-tight text-fg">AI Code Generator</h1>
            <p className="truncate text-sm text-muted">
              Build with AI assistance
              {g.projectName ? <span className="text-subtle"> · {g.projectName}</span> : null}
            </p>
          </div>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <label className="sr-only" htmlFor="generator-language">
            Language
          </label>
          <select
            id="generator-language"
            value={g.language}
            onChange={(e) => g.setLanguage(e.target.value)}
            className="h-8 rounded-lg border border-border-strong bg-surface px-2.5 text-sm text-fg hover:border-white/25 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent"
          >
            {LANGUAGES.map((l) => (
              <option key={l.id} value={l.label}>
                {l.label}
              </option>
            ))}
          </select>
          <Button
            size="sm"
            onClick={openSave}
            aria-disabled={!hasCode}
            className={cn(!hasCode && 'cursor-not-allowed opacity-50')}
          >
            <Save className="size-4" aria-hidden="true" />
            {updating ? 'Update' : 'Save Project'}
          </Button>
          <Link to="/dashboard" className={buttonClasses('outline', 'sm')}>
            <LayoutDashboard className="size-4" aria-hidden="true" />
            Dashboard
          </Link>
        </div>
      </header>

      {info ? (
        <div className="mt-4 grid grid-cols-1 gap-3 rounded-2xl border border-border bg-surface px-4 py-3 sm:grid-cols-2 sm:gap-6">
          <UsageMeter
            label="Code Generations"
            used={info.usage.generationsUsed}
            limit={info.limits.generationsPerMonth}
          />
          <UsageMeter
            label="Code Edits"
            used={info.usage.editsUsed}
            limit={info.limits.editsPerMonth}
          />
        </div>
      ) : null}

      <div className="mt-4 grid grid-cols-1 gap-4 lg:grid-cols-[minmax(20rem,2fr)_minmax(0,3fr)]">
        <div className="flex min-w-0 flex-col gap-4">
          <ChatHistory
            messages={g.messages}
            loading={g.historyLoading}
            onRollback={g.rollback}
            disabled={g.generating}
          />
          <AssistantPanel
            prompt={g.prompt}
            onPromptChange={g.setPrompt}
            onSend={() => void g.send()}
            onStop={g.stop}
            onUpload={(file) => void g.upload(file)}
            generating={g.generating}
            uploading={g.uploading}
            editing={hasCode}
          />
        </div>
        <EditorPanel code={g.code} language={g.language} onChange={g.setCode} />
      </div>

      <SaveDialog
        open={saveOpen && !g.projectLimitOpen}
        onClose={() => setSaveOpen(false)}
        updating={updating}
        initialName={g.projectName}
        language={g.language}
        code={g.code}
        saving={g.saving}
        onSave={g.save}
      />
      <UpgradeDialog
        open={g.upgradeMessage !== null}
        onClose={g.closeUpgrade}
        title="Upgrade to Continue"
        description={g.upgradeMessage ?? ''}
        lockedFeature={MESSAGES.upgradeFeature}
      />
      <ProjectLimitDialog
        open={g.projectLimitOpen}
        onClose={() => {
          g.closeProjectLimit();
          setSaveOpen(false);
        }}
      />
    </div>
  );
}
