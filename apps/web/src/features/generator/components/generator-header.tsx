import { Link } from 'react-router';
import { ArrowLeft, Save, WifiOff } from 'lucide-react';
import { LANGUAGES } from '@codewright/contract';
import { Button } from '../../../components/ui/button.tsx';
import { cn } from '../../../components/ui/cn.ts';
import type { RealtimePresenceMember } from '@codewright/contract';
import { PresenceAvatars } from './presence-avatars.tsx';

export interface GeneratorHeaderProps {
  projectName: string;
  language: string;
  onLanguageChange: (language: string) => void;
  /** A project exists: the button says Update. */
  updating: boolean;
  hasCode: boolean;
  unsaved: boolean;
  onSave: () => void;
  languageDisabled: boolean;
  /** Teammates who have this project open (realtime presence); none for a new project. */
  present?: RealtimePresenceMember[];
  /** The realtime connection dropped and is being made again. */
  reconnecting?: boolean;
}

/**
 * The generator's header (SPEC §2.12): title and subtitle, the language selector, Save Project /
 * Update and the way back to the dashboard. One row at every width: at 390 px the back link is
 * its arrow and Save its icon (names kept for assistive technology), so nothing wraps onto a
 * line of its own. The back link reads as "← Dashboard", not as a second copy of the site
 * header's Dashboard button.
 */
export function GeneratorHeader({
  projectName,
  language,
  onLanguageChange,
  updating,
  hasCode,
  unsaved,
  onSave,
  languageDisabled,
  present = [],
  reconnecting = false,
}: GeneratorHeaderProps) {
  const saveLabel = updating ? 'Update' : 'Save Project';
  return (
    <header className="flex shrink-0 items-center gap-2 py-3 sm:gap-3">
      <Link
        to="/dashboard"
        aria-label="Back to Dashboard"
        className="-ml-1.5 inline-flex h-8 shrink-0 items-center gap-1 rounded-lg px-1.5 text-sm text-muted transition-colors hover:bg-white/5 hover:text-fg"
      >
        <ArrowLeft className="size-4" aria-hidden="true" />
        <span className="hidden sm:inline">Dashboard</span>
      </Link>
      <span className="hidden h-6 w-px bg-border sm:block" aria-hidden="true" />
      <div className="min-w-0 flex-1">
        <h1 className="truncate text-base font-semibold tracking-tight text-fg sm:text-lg">
          AI Code Generator
        </h1>
        {/* The project name truncates (full name in its title); "unsaved" always stays in view. */}
        <p className="flex min-w-0 text-xs whitespace-nowrap text-muted">
          <span className="truncate" title={projectName || undefined}>
            {/* On a phone a project's name takes the place of the tagline. */}
            <span className={projectName ? 'max-sm:hidden' : undefined}>
              Build with AI assistance
            </span>
            {projectName ? (
              <span className="text-fg">
                <span className="max-sm:hidden"> · </span>
                {projectName}
              </span>
            ) : null}
          </span>
          {unsaved ? <span className="shrink-0 text-amber-200">&nbsp;· unsaved</span> : null}
        </p>
      </div>
      <div className="flex shrink-0 items-center gap-2" data-toast-clearance>
        {reconnecting ? (
          // On a phone an icon, so the project's name keeps its room.
          <span
            role="status"
            title="Reconnecting…"
            className="inline-flex items-center text-xs whitespace-nowrap text-amber-200"
          >
            <WifiOff className="size-4 sm:hidden" aria-hidden="true" />
            <span className="max-sm:sr-only">Reconnecting…</span>
          </span>
        ) : null}
        <PresenceAvatars members={present} />
        <label className="sr-only" htmlFor="generator-language">
          Language
        </label>
        <select
          id="generator-language"
          value={language}
          disabled={languageDisabled}
          onChange={(e) => onLanguageChange(e.target.value)}
          className="h-8 w-[6.75rem] rounded-lg border border-border-strong bg-surface px-2 text-sm text-fg hover:border-white/25 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent disabled:opacity-60 sm:w-auto"
        >
          {LANGUAGES.map((l) => (
            <option key={l.id} value={l.label}>
              {l.label}
            </option>
          ))}
        </select>
        <Button
          size="sm"
          onClick={onSave}
          aria-disabled={!hasCode}
          aria-label={saveLabel}
          title={`${saveLabel} (Ctrl+S)`}
          className={cn('px-2.5 sm:px-3', !hasCode && 'cursor-not-allowed opacity-50')}
        >
          <Save className="size-4" aria-hidden="true" />
          <span className="hidden sm:inline">{saveLabel}</span>
        </Button>
      </div>
    </header>
  );
}
