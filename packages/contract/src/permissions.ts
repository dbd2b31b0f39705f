/**
 * Roles and permissions (SPEC §6, docs/decisions/025): the one table of who may do what,
 * read by the server (every route asks it) and by the SDK (`can`, `hasRole`) so the UI can
 * hide what a user may not do. A permission is an (action, resource) pair; `'*'` stands for
 * every action or every resource; a role may inherit the permissions of other roles.
 */
// No imports: the SDK reads this table on every page, so it must not pull in a module that
// builds zod schemas (auth.ts does), or zod would load with the public pages.

/** `users.role` of an ordinary account. */
export const USER_ROLE = 'user';
/** The role that opens /sql, /batch, the CTA listing and the mail endpoint (DESIGN §3.10). */
export const ADMIN_ROLE = 'admin';

/** The team roles of a workspace (docs/decisions/025). */
export const OWNER_ROLE = 'owner';
export const EDITOR_ROLE = 'editor';
export const VIEWER_ROLE = 'viewer';
export const WORKSPACE_ROLES = [OWNER_ROLE, EDITOR_ROLE, VIEWER_ROLE] as const;
export type WorkspaceRole = (typeof WORKSPACE_ROLES)[number];
/** Roles an invitation or a role change may give (there is one owner per workspace). */
export const ASSIGNABLE_ROLES = [EDITOR_ROLE, VIEWER_ROLE] as const;
export type AssignableRole = (typeof ASSIGNABLE_ROLES)[number];

export const ACTIONS = [
  'read',
  'create',
  'update',
  'delete',
  'generate',
  'share',
  'invite',
  'manage',
] as const;
export type Action = (typeof ACTIONS)[number];
export const RESOURCES = [
  'project',
  'chat',
  'version',
  'storage',
  'ai',
  'workspace',
  'member',
  'invitation',
  'instance',
] as const;
export type Resource = (typeof RESOURCES)[number];

/** One permission: an action on a resource, either side `'*'` for all. */
export interface Permission {
  action: Action | '*';
  resource: Resource | '*';
}

export interface RoleDefinition {
  description: string;
  permissions: readonly Permission[];
  inherits?: readonly string[];
}

/**
 * THE table (docs/decisions/025, docs/api.md § Roles and permissions). The instance roles
 * apply to instance resources (admin SQL, CTA listing, mail, links for other accounts); the
 * team roles apply inside one workspace and are the only roles a workspace check reads, so
 * the instance admin's `'*'` never opens someone's private project.
 */
export const ROLE_DEFINITIONS: Readonly<Record<string, RoleDefinition>> = {
  [ADMIN_ROLE]: {
    description: 'Instance admin (a verified ADMIN_EMAILS address or `npm run admin -- grant`).',
    permissions: [{ action: '*', resource: '*' }],
  },
  [USER_ROLE]: {
    description: 'Any signed-in account; what it may do in a workspace comes from its team role.',
    permissions: [],
  },
  [VIEWER_ROLE]: {
    description: 'Opens the workspace and its projects read-only.',
    permissions: [
      { action: 'read', resource: 'workspace' },
      { action: 'read', resource: 'member' },
      { action: 'read', resource: 'project' },
      { action: 'read', resource: 'chat' },
      { action: 'read', resource: 'version' },
      { action: 'read', resource: 'storage' },
    ],
  },
  [EDITOR_ROLE]: {
    description: 'Generates, edits, saves, shares and deletes projects; uploads files.',
    inherits: [VIEWER_ROLE],
    permissions: [
      { action: 'create', resource: 'project' },
      { action: 'update', resource: 'project' },
      { action: 'delete', resource: 'project' },
      { action: 'share', resource: 'project' },
      { action: 'create', resource: 'chat' },
      { action: 'update', resource: 'chat' },
      { action: 'delete', resource: 'chat' },
      { action: 'update', resource: 'version' },
      { action: 'generate', resource: 'ai' },
      { action: '*', resource: 'storage' },
    ],
  },
  [OWNER_ROLE]: {
    description: 'Everything an editor may, plus members, roles and invitations.',
    inherits: [EDITOR_ROLE],
    permissions: [
      { action: '*', resource: 'workspace' },
      { action: '*', resource: 'member' },
      { action: '*', resource: 'invitation' },
    ],
  },
};

const key = (action: string, resource: string) => `${action}\u0000${resource}`;

/** Each role with its own and inherited roles, flattened once (a cycle is ignored). */
function lineageOf(role: string, seen = new Set<string>()): Set<string> {
  if (seen.has(role) || !ROLE_DEFINITIONS[role]) return seen;
  seen.add(role);
  for (const parent of ROLE_DEFINITIONS[role].inherits ?? []) lineageOf(parent, seen);
  return seen;
}

const LINEAGE = new Map<string, Set<string>>();
const GRANTS = new Map<string, Set<string>>();
for (const role of Object.keys(ROLE_DEFINITIONS)) {
  const lineage = lineageOf(role);
  LINEAGE.set(role, lineage);
  const grants = new Set<string>();
  for (const r of lineage)
    for (const p of ROLE_DEFINITIONS[r]!.permissions) grants.add(key(p.action, p.resource));
  GRANTS.set(role, grants);
}

/** True when `role` (with what it inherits) may do `action` on `resource`. */
export function roleCan(
  role: string | null | undefined,
  action: Action,
  resource: Resource,
): boolean {
  const grants = role ? GRANTS.get(role) : undefined;
  if (!grants) return false;
  return (
    grants.has(key(action, resource)) ||
    grants.has(key('*', resource)) ||
    grants.has(key(action, '*')) ||
    grants.has(key('*', '*'))
  );
}

/** True when any of `roles` may do `action` on `resource`. */
export function rolesCan(
  roles: readonly (string | null | undefined)[],
  action: Action,
  resource: Resource,
): boolean {
  return roles.some((role) => roleCan(role, action, resource));
}

/**
 * The role check of SPEC §6: one role or a list. A held role matches a wanted role it is or
 * inherits from (an owner is also an editor and a viewer).
 */
export function roleMatches(held: string | null | undefined, wanted: string | readonly string[]) {
  const lineage = held ? LINEAGE.get(held) : undefined;
  if (!held) return false;
  const list = typeof wanted === 'string' ? [wanted] : wanted;
  return list.some((w) => w === held || (lineage?.has(w) ?? false));
}

/** The workspace roles that may do `action` on `resource` (for SQL that filters by role). */
export function workspaceRolesWith(action: Action, resource: Resource): WorkspaceRole[] {
  return WORKSPACE_ROLES.filter((role) => roleCan(role, action, resource));
}
