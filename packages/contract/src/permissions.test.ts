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
} from './index.ts';

describe('permission table (SPEC §6)', () => {
  it("'*' on both sides: the instance admin may do anything", () => {
    expect(roleCan(ADMIN_ROLE, 'manage', 'instance')).toBe(true);
    expect(roleCan(ADMIN_ROLE, 'delete', 'project')).toBe(true);
  });

  it("'*' as the action: an owner may do anything to members and invitations", () => {
    expect(roleCan(OWNER_ROLE, 'delete', 'member')).toBe(true);
    expect(roleCan(OWNER_ROLE, 'create', 'invitation')).toBe(true);
    expect(roleCan(EDITOR_ROLE, 'create', 'invitation')).toBe(false);
    expect(roleCan(EDITOR_ROLE, 'delete', 'storage')).toBe(true);
    expect(roleCan(VIEWER_ROLE, 'delete', 'storage')).toBe(false);
  });

  it('inheritance: owner ⊃ editor ⊃ viewer', () => {
    expect(roleCan(VIEWER_ROLE, 'read', 'project')).toBe(true);
    expect(roleCan(VIEWER_ROLE, 'update', 'project')).toBe(false);
    expect(roleCan(VIEWER_ROLE, 'generate', 'ai')).toBe(false);
    expect(roleCan(EDITOR_ROLE, 'read', 'project')).toBe(true);
    expect(roleCan(EDITOR_ROLE, 'generate', 'ai')).toBe(true);
    expect(roleCan(OWNER_ROLE, 'generate', 'ai')).toBe(true);
    expect(roleCan(OWNER_ROLE, 'read', 'version')).toBe(true);
  });

  it('team roles never reach instance resources; plain users and unknown roles may nothing', () => {
    expect(roleCan(OWNER_ROLE, 'manage', 'instance')).toBe(false);
    expect(roleCan(USER_ROLE, 'read', 'project')).toBe(false);
    expect(roleCan('root', 'read', 'project')).toBe(false);
    expect(roleCan(null, 'read', 'project')).toBe(false);
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
