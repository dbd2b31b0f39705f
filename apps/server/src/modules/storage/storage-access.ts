/**
 * Who may do what in a storage folder (docs/decisions/032). `uploads/{userId}/` is that user's
 * alone (SPEC §3). `uploads/{workspaceId}/` holds a workspace's files: the caller's role there
 * decides through the permission table (docs/decisions/025: viewers read, editors and the owner
 * write and remove). A folder the caller may not see is invisible — 404, never 403 (DESIGN §3.10).
 */
import {
  type Action,
  roleCan,
  STORAGE_UPLOADS_PREFIX,
  WORKSPACE_ID_PREFIX,
} from '@codewright/contract';
import { AppError } from '../../lib/app-error.ts';

/** The caller of a storage route: who they are and their role in a workspace. */
export interface StorageCaller {
  userId: string;
  /** The caller's role in the workspace; null when they are not a member (or it does not exist). */
  roleIn(workspaceId: string): Promise<string | null>;
}

/**
 * The caller `userId`, their roles read through `workspaces` once per workspace (a remove may
 * name 100 paths in one folder; an image call saves up to 4 files in one).
 */
export function storageCallerOf(
  workspaces: { roleIn(userId: string, workspaceId: string): Promise<string | null> },
  userId: string,
): StorageCaller {
  const roles = new Map<string, Promise<string | null>>();
  return {
    userId,
    roleIn(workspaceId) {
      let role = roles.get(workspaceId);
      if (!role) {
        role = workspaces.roleIn(userId, workspaceId);
        roles.set(workspaceId, role);
      }
      return role;
    },
  };
}

/** May the caller act here; `hidden` is a folder they cannot see at all. */
export type FolderVerdict =
  { kind: 'allowed' } | { kind: 'hidden' } | { kind: 'forbidden'; role: string };

/** The folder a (valid) key names, `uploads/{folder}/…`, when it names a file inside one. */
export function folderOf(key: string): string | null {
  const [root, folder, ...rest] = key.split('/');
  return root === STORAGE_UPLOADS_PREFIX && folder && rest.length > 0 ? folder : null;
}

/** True for a workspace's folder (`ws_…`); any other folder is a user's. */
export function isWorkspaceFolder(folder: string): boolean {
  return folder.startsWith(WORKSPACE_ID_PREFIX);
}

/** What the caller may do with `key` for `action` (read, create, update, delete). */
export async function folderVerdict(
  key: string,
  caller: StorageCaller,
  action: Action,
): Promise<FolderVerdict> {
  const folder = folderOf(key);
  if (!folder) return { kind: 'hidden' };
  if (folder === caller.userId) return { kind: 'allowed' };
  if (!isWorkspaceFolder(folder)) return { kind: 'hidden' };
  const role = await caller.roleIn(folder);
  if (role === null) return { kind: 'hidden' };
  return roleCan(role, action, 'storage') ? { kind: 'allowed' } : { kind: 'forbidden', role };
}

/** 403 for a member whose role may not `action` files of the workspace. */
export function roleRefusal(role: string, action: Action): AppError {
  const verb = action === 'read' ? 'read' : action === 'delete' ? 'remove' : 'upload';
  return new AppError(
    'FORBIDDEN',
    403,
    `Your role in this workspace (${role}) cannot ${verb} its files; ask the owner for the editor role.`,
  );
}

/**
 * Throws unless the caller may upload to `key`: a workspace folder they cannot see is 404 (as if
 * it did not exist); another user's folder is 403 as before (docs/api.md § Storage).
 */
export async function assertMayUpload(
  key: string,
  caller: StorageCaller,
  action: 'create' | 'update',
): Promise<void> {
  const verdict = await folderVerdict(key, caller, action);
  if (verdict.kind === 'allowed') return;
  if (verdict.kind === 'forbidden') throw roleRefusal(verdict.role, action);
  const folder = folderOf(key);
  if (folder && isWorkspaceFolder(folder)) {
    throw new AppError('NOT_FOUND', 404, `Workspace ${folder} not found.`);
  }
  throw new AppError(
    'FORBIDDEN',
    403,
    `You can only upload under uploads/${caller.userId}/ (your own folder) or uploads/{workspaceId}/ of a workspace where you are an editor.`,
  );
}
