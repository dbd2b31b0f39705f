import type { RealtimePresenceMember } from '@codewright/contract';

const initialsOf = (name: string) =>
  name
    .split(/[\s._-]+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]!.toUpperCase())
    .join('') || '?';

const stateOf = (member: RealtimePresenceMember) =>
  member.meta.state === 'editing' ? 'editing' : 'viewing';

/** The teammates who have this project open: initials in each one's colour (realtime presence). */
export function PresenceAvatars({ members }: { members: RealtimePresenceMember[] }) {
  if (members.length === 0) return null;
  const label = `Also here: ${members.map((m) => `${m.name} (${stateOf(m)})`).join(', ')}`;
  return (
    <ul className="flex shrink-0 -space-x-1.5" aria-label={label} data-testid="presence">
      {members.slice(0, 4).map((member) => (
        <li
          key={member.userId}
          title={`${member.name}, ${stateOf(member)}`}
          className="inline-flex size-7 items-center justify-center rounded-full border-2 border-bg text-[0.65rem] font-semibold text-black"
          style={{ backgroundColor: member.color }}
        >
          <span aria-hidden="true">{initialsOf(member.name)}</span>
        </li>
      ))}
      {members.length > 4 ? (
        <li className="inline-flex size-7 items-center justify-center rounded-full border-2 border-bg bg-surface text-[0.65rem] text-muted">
          +{members.length - 4}
        </li>
      ) : null}
    </ul>
  );
}
