// hasRole / can without a holder read the signed-in user's instance role (SPEC §6).
import { ADMIN_ROLE, USER_ROLE } from '@codewright/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { clientFor } from '../testing/clients.ts';
import { createFakeAuthServer } from '../testing/fake-auth-server.ts';
import { createMemoryStorage } from '../auth/token-store.ts';

const PASSWORD = 'password1';
let server: ReturnType<typeof createFakeAuthServer>;

beforeEach(() => {
  server = createFakeAuthServer();
});

async function signedIn(email: string) {
  const client = clientFor(server, { storage: createMemoryStorage(), autoInitialize: false });
  await client.auth.signInWithPassword({ email, password: PASSWORD });
  return client.workspaces;
}

describe('client.workspaces.hasRole / can without a holder', () => {
  it('reads the signed-in admin’s instance role', async () => {
    server.addUser('admin@example.com', PASSWORD).role = ADMIN_ROLE;
    const workspaces = await signedIn('admin@example.com');
    expect(workspaces.hasRole(ADMIN_ROLE)).toBe(true);
    expect(workspaces.hasRole([USER_ROLE, ADMIN_ROLE])).toBe(true);
    expect(workspaces.can('read', 'instance')).toBe(true);
  });

  it('reads an ordinary account’s role, which opens no instance resource', async () => {
    server.addUser('ada@example.com', PASSWORD);
    const workspaces = await signedIn('ada@example.com');
    expect(workspaces.hasRole(USER_ROLE)).toBe(true);
    expect(workspaces.hasRole(ADMIN_ROLE)).toBe(false);
    expect(workspaces.can('read', 'instance')).toBe(false);
  });

  it('is false for everything when signed out', () => {
    const { workspaces } = clientFor(server, {
      storage: createMemoryStorage(),
      autoInitialize: false,
    });
    expect(workspaces.hasRole(USER_ROLE)).toBe(false);
    expect(workspaces.can('read', 'project')).toBe(false);
  });

  it('reads the holder’s team role when one is passed, and null has no role', async () => {
    server.addUser('admin@example.com', PASSWORD).role = ADMIN_ROLE;
    const workspaces = await signedIn('admin@example.com');
    expect(workspaces.can('update', 'project', { role: 'viewer' })).toBe(false);
    expect(workspaces.hasRole('editor', { role: 'owner' })).toBe(true);
    // A workspace not loaded yet must not fall back to the admin's '*'.
    expect(workspaces.can('update', 'project', null)).toBe(false);
    expect(workspaces.can('update', 'project', undefined)).toBe(false);
    expect(workspaces.hasRole(ADMIN_ROLE, null)).toBe(false);
  });
});
