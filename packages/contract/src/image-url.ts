/** The client rule of SPEC §5 for image URLs, checked by the SDK before a call and by the server. */
// Kept apart from the schemas: the SDK reads these on every page (docs/decisions/007), and a
// module that builds zod schemas would bring zod with it (apps/web/vite.config.ts).

/** Image URL endings accepted by the client rule of SPEC §5. */
export const IMAGE_URL_EXTENSIONS = ['jpg', 'jpeg', 'png', 'gif', 'webp'] as const;

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

/** Why an image URL breaks the SPEC §5 rule, or null when it follows it. */
export function imageUrlProblem(url: unknown): string | null {
  if (typeof url !== 'string' || url.trim() === '') return 'must be a non-empty URL';
  if (url.length > 2048) return 'must be at most 2048 characters';
  if (!isValidImageUrl(url))
    return 'must be an https URL ending in .jpg, .jpeg, .png, .gif or .webp';
  return null;
}
