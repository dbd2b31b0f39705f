import { createContext, useContext } from 'react';
import type { RealtimePresenceMember } from '@codewright/contract';

/** The teammates in each file of the open project, by path (their presence's `file`). */
export const FilePresenceContext = createContext<ReadonlyMap<string, RealtimePresenceMember[]>>(
  new Map(),
);

/** Who else has the project open, grouped by the file they are in (decision 050). */
export function membersByFile(
  members: readonly RealtimePresenceMember[],
): Map<string, RealtimePresenceMember[]> {
  const byFile = new Map<string, RealtimePresenceMember[]>();
  for (const member of members) {
    const file = member.meta.file;
    if (typeof file !== 'string') continue;
    byFile.set(file, [...(byFile.get(file) ?? []), member]);
  }
  return byFile;
}

/** Dots in the colours of the teammates in the file at `path`, each named on hover. */
export function FilePresence({ path }: { path: string }) {
  const here = useContext(FilePresenceContext).get(path) ?? [];
  if (here.length === 0) return null;
  return (
    <span
      className="ml-auto flex shrink-0 -space-x-0.5"
      aria-label={`Here: ${here.map((m) => m.name).join(', ')}`}
      data-testid="file-presence"
    >
      {here.slice(0, 3).map((member) => (
        <span
          key={member.userId}
          title={member.name}
          className="size-2.5 rounded-full border border-surface"
          style={{ backgroundColor: member.color }}
        />
      ))}
    </span>
  );
}
