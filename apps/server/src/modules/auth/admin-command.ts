import { ADMIN_ROLE, EmailSchema, USER_ROLE } from '@codewright/contract';
import type { AdminCandidate, AdminRoleRepository } from './admin-role.repository.ts';
import { effectiveRole, normaliseEmail } from './admin-role.ts';

/** `npm run admin -- …`: what the operator asked for. */
export type AdminCommand =
  { action: 'grant' | 'revoke'; email: string } | { action: 'list' } | { action: 'help' };

export const ADMIN_USAGE = [
  'Usage: npm run admin -- <command>',
  '  grant <email>    make this account an admin (stored in the database)',
  '  revoke <email>   take a granted admin role back',
  '  list             show every admin, and the state of each ADMIN_EMAILS address',
  '  backup <dir>     write a backup of the database, the stored files and the secret to <dir>',
  '  restore <dir>    restore a backup into an empty DATA_DIR or database',
  '  storage copy --to s3',
  '                   copy the local uploads to the S3 bucket of the S3_* settings and check them',
].join('\n');

/** A refusal the operator can act on; `exitCode` 2 is a usage error, 1 anything else. */
export class AdminCommandError extends Error {
  constructor(
    message: string,
    readonly exitCode: 1 | 2 = 1,
  ) {
    super(message);
    this.name = 'AdminCommandError';
  }
}

/** Reads `grant <email>`, `revoke <email>`, `list` (or help) from the arguments after `--`. */
export function parseAdminCommand(argv: readonly string[]): AdminCommand {
  const [action, ...rest] = argv;
  if (action === undefined || action === 'help' || action === '--help' || action === '-h') {
    return { action: 'help' };
  }
  if (action === 'list' && rest.length === 0) return { action: 'list' };
  if ((action === 'grant' || action === 'revoke') && rest.length === 1) {
    const email = EmailSchema.safeParse(rest[0]);
    if (!email.success) throw new AdminCommandError(`Not an email address: "${rest[0]}".`, 2);
    return { action, email: email.data };
  }
  throw new AdminCommandError(`Unknown command "${argv.join(' ')}".\n${ADMIN_USAGE}`, 2);
}

/**
 * Runs a command against the database and answers the lines to print. Grants are the
 * stored role (`users.role`); ADMIN_EMAILS is reported beside them, never changed
 * (docs/operations.md "Admins").
 */
export async function runAdminCommand(
  command: AdminCommand,
  repo: AdminRoleRepository,
  adminEmails: ReadonlySet<string>,
  now = new Date(),
): Promise<string[]> {
  if (command.action === 'help') return [ADMIN_USAGE];
  if (command.action === 'list') return listAdmins(repo, adminEmails);

  const user = await repo.findByEmail(command.email);
  if (!user) {
    throw new AdminCommandError(
      `No account has the email ${command.email}. Sign up with it first, then run this again.`,
    );
  }
  const listed = adminEmails.has(normaliseEmail(user.email));
  if (command.action === 'grant') {
    if (user.role === ADMIN_ROLE) return [`${user.email} is already an admin (granted before).`];
    await repo.setRole(user.id, ADMIN_ROLE, now);
    return [`Granted admin to ${user.email} (${user.id}).`];
  }
  const stillAdmin = effectiveRole({ ...user, role: USER_ROLE }, adminEmails) === ADMIN_ROLE;
  const note = stillAdmin
    ? ' It stays an admin while it is listed in ADMIN_EMAILS: remove it there too.'
    : listed
      ? ' It is listed in ADMIN_EMAILS and becomes an admin again once its email is verified.'
      : '';
  if (user.role !== ADMIN_ROLE) return [`${user.email} had no granted admin role.${note}`];
  await repo.setRole(user.id, USER_ROLE, now);
  return [`Revoked admin from ${user.email} (${user.id}).${note}`];
}

async function listAdmins(repo: AdminRoleRepository, adminEmails: ReadonlySet<string>) {
  const granted = await repo.withRole(ADMIN_ROLE);
  const listed = await repo.withEmails([...adminEmails]);
  const lines = granted.map((u) => `${u.email}  granted${verifiedNote(u)}`);
  const byEmail = new Map(listed.map((u) => [normaliseEmail(u.email), u]));
  for (const email of [...adminEmails].sort()) {
    const user = byEmail.get(email);
    if (user?.role === ADMIN_ROLE) continue; // listed above
    if (!user) lines.push(`${email}  ADMIN_EMAILS, no account yet`);
    else if (user.emailVerifiedAt) lines.push(`${user.email}  ADMIN_EMAILS, verified`);
    else lines.push(`${user.email}  ADMIN_EMAILS, not verified: no admin role until it is`);
  }
  return lines.length > 0 ? lines : ['No admins. Make one with: npm run admin -- grant <email>'];
}

function verifiedNote(user: AdminCandidate): string {
  return user.emailVerifiedAt ? '' : ' (email not verified)';
}
