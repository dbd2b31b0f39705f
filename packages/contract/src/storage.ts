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
/** Image URL endings accepted by the client rule of SPEC §5. */
export const IMAGE_URL_EXTENSIONS = ['jpg', 'jpeg', 'png', 'gif', 'webp'] as const;

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

/** SPEC §5: image URLs must be https and end in jpg, jpeg, png, gif or webp. */
export function isValidImageUrl(url: string): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (parsed.protocol !== 'https:') return false;
  const ext = parsed.pathname.toLowerCase().split('.').pop() ?? '';
  return parsed.pathname.includes('.') && (IMAGE_URL_EXTENSIONS as readonly string[]).includes(ext);
}
