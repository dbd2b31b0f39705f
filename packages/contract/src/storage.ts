/**
 * Storage (SPEC §5, §7.3, §8.1; DESIGN §2b): wire shapes and limits shared by
 * the server's /api/storage routes and the SDK's storage module.
 */
import { z } from 'zod';

/** Longest storage path accepted, in characters. */
export const STORAGE_PATH_MAX_LENGTH = 512;
/** Most paths one remove call may name. */
export const STORAGE_REMOVE_MAX_PATHS = 100;
/**
 * Every file lives under `uploads/`: a user's own in `uploads/{userId}/` (SPEC §3 "Uploaded
 * image"), a workspace's in `uploads/{workspaceId}/` (docs/decisions/032).
 */
export const STORAGE_UPLOADS_PREFIX = 'uploads';
/** Workspace ids start with this (`ws_<32 hex>`, docs/decisions/025); user ids never do. */
export const WORKSPACE_ID_PREFIX = 'ws_';

/** The `options` multipart field of an upload. */
export const UploadOptionsSchema = z.strictObject({
  upsert: z.boolean().optional(),
  contentType: z.string().max(255).optional(),
});
export type UploadOptions = z.infer<typeof UploadOptionsSchema>;

/** Body of `DELETE /api/storage/{project}/remove`. */
export const RemoveBodySchema = z.strictObject({
  paths: z
    .array(z.string())
    .min(1, 'name at least one path to remove')
    .max(STORAGE_REMOVE_MAX_PATHS, `name at most ${STORAGE_REMOVE_MAX_PATHS} paths per call`),
});
export type RemoveBody = z.infer<typeof RemoveBodySchema>;
