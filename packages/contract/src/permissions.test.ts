import { describe, expect, it } from 'vitest';
import {
  ADMIN_ROLE,
  EDITOR_ROLE,
  OWNER_ROLE,
  roleCan,
  roleMatches,
  rolesCan,
  USER_ROLE,
  VIEWER_ROLE,
  workspaceRolesWith,
  type Action,
  type Resource,
} from './index.ts';

/** A rule of the table and the checks that show it: role, action, resource, allowed. */
const ROLE_CAN_RULES: [string, [string | null, Action, Resource, boolean][]][] = [
  [
    "'*' on both sides: the instance admin may do anything",
    [
      [ADMIN_ROLE, 'manage', 'instance', true],
      [ADMIN_ROLE, 'delete', 'project', true],
    ],
  ],
  [
    "'*' as the action: an owner may do anything to members and invitations",
    [
      [OWNER_ROLE, 'delete', 'member', true],
      [OWNER_ROLE, 'create', 'invitation', true],
      [EDITOR_ROLE, 'create', 'invitation', false],
      [EDITOR_ROLE, 'delete', 'storage', true],
      [VIEWER_ROLE, 'delete', 'storage', false],
    ],
  ],
  [
    'inheritance: owner ⊃ editor ⊃ viewer',
    [
      [VIEWER_ROLE, 'read', 'project', true],
      [VIEWER_ROLE, 'update', 'project', false],
      [VIEWER_ROLE, 'generate', 'ai', false],
      [EDITOR_ROLE, 'read', 'project', true],
      [EDITOR_ROLE, 'generate', 'ai', true],
      [OWNER_ROLE, 'generate', 'ai', true],
      [OWNER_ROLE, 'read', 'version', true],
    ],
  ],
  [
    'team roles never reach instance resources; plain users and unknown roles may nothing',
    [
      [OWNER_ROLE, 'manage', 'instance', false],
      [USER_ROLE, 'read', 'project', false],
      ['root', 'read', 'project', false],
      [null, 'read', 'project', false],
    ],
  ],
];

describe('permission table (SPEC §6)', () => {
  it.each(ROLE_CAN_RULES)('%s', (_rule, checks) => {
    for (const [role, action, resource, allowed] of checks)
      expect(roleCan(role, action, resource), `${role} ${action} ${resource}`).toBe(allowed);
  });

  it('a role check takes one role or a list, and counts inherited roles', () => {
    expect(roleMatches(OWNER_ROLE, EDITOR_ROLE)).toBe(true);
    expect(roleMatches(VIEWER_ROLE, EDITOR_ROLE)).toBe(false);
    expect(roleMatches(VIEWER_ROLE, [ADMIN_ROLE, VIEWER_ROLE])).toBe(true);
    expect(roleMatches(USER_ROLE, [ADMIN_ROLE, OWNER_ROLE])).toBe(false);
    expect(roleMatches(undefined, USER_ROLE)).toBe(false);
    expect(rolesCan([USER_ROLE, EDITOR_ROLE], 'update', 'project')).toBe(true);
  });

  it('the roles allowed an action, for SQL filters', () => {
    expect(workspaceRolesWith('update', 'project')).toEqual([OWNER_ROLE, EDITOR_ROLE]);
    expect(workspaceRolesWith('read', 'project')).toEqual([OWNER_ROLE, EDITOR_ROLE, VIEWER_ROLE]);
    expect(workspaceRolesWith('create', 'invitation')).toEqual([OWNER_ROLE]);
  });
});
