/**
 * Version control of saved projects (SPEC §1, §6; DESIGN §2c "versions", §3.13):
 * the wire shapes of `/api/versions/{project}/{projectId}…` (docs/api.md § Versions).
 */
import { z } from 'zod';
import { AI_PROMPT_MAX_CHARS } from './ai.ts';
import { PROJECT_CODE_MAX_LENGTH } from './data.ts';

/** The plan feature's name, as the 403 FEATURE_NOT_IN_PLAN answer and the upgrade dialog say it. */
export const VERSION_CONTROL_FEATURE = 'Version control';

/** What made a version: an AI generation, an accepted AI edit or fix, a save, an upload, a restore. */
export const VERSION_SOURCES = ['generation', 'edit', 'fix', 'save', 'upload', 'restore'] as const;
export const VersionSourceSchema = z.enum(VERSION_SOURCES);
export type VersionSource = z.infer<typeof VersionSourceSchema>;

/** Longest checkpoint label. */
export const VERSION_LABEL_MAX_LENGTH = 100;
/** Most versions one list call answers (and its default). */
export const VERSION_LIST_MAX = 1000;

/** A version as the list shows it (no code). `authorId` is null once that account is gone. */
export const VersionSummarySchema = z.object({
  id: z.string(),
  number: z.number().int(),
  source: VersionSourceSchema,
  createdAt: z.string(),
  authorId: z.string().nullable(),
  label: z.string().nullable(),
  prompt: z.string().nullable(),
});
export type VersionSummary = z.infer<typeof VersionSummarySchema>;

/** A file of a version's tree. */
export const VersionFileSchema = z.object({ path: z.string(), content: z.string() });
export type VersionFile = z.infer<typeof VersionFileSchema>;

/**
 * One version with its code (the main file's content). Reading one version (`GET …/{versionId}`)
 * also answers its whole tree: `files` in path order and `mainPath`, the main file among them.
 */
export const VersionSchema = VersionSummarySchema.extend({
  code: z.string(),
  mainPath: z.string().optional(),
  files: z.array(VersionFileSchema).optional(),
});
export type Version = z.infer<typeof VersionSchema>;

/** `GET /api/versions/{project}/{projectId}`: newest first. */
export const VersionListSchema = z.object({ versions: z.array(VersionSummarySchema) });
export type VersionList = z.infer<typeof VersionListSchema>;

const positiveInt = (what: string) =>
  z.coerce
    .number({ error: `${what} must be a whole number` })
    .int(`${what} must be a whole number`);

/** Query of the list: `limit` (1–1000, default 1000) and `before` (versions numbered below it). */
export const VersionListQuerySchema = z.strictObject({
  limit: positiveInt('limit')
    .min(1, 'limit must be at least 1')
    .max(VERSION_LIST_MAX, `limit must be at most ${VERSION_LIST_MAX}`)
    .optional(),
  before: positiveInt('before').min(1, 'before must be at least 1').optional(),
});
export type VersionListQuery = z.infer<typeof VersionListQuerySchema>;

/**
 * Body of `POST /api/versions/{project}/{projectId}`: new code for the project, with what made
 * it (a restore has its own route) and the prompt, if any.
 */
export const VersionCommitBodySchema = z.strictObject({
  code: z
    .string()
    .max(PROJECT_CODE_MAX_LENGTH, `must be at most ${PROJECT_CODE_MAX_LENGTH} characters`),
  source: z.enum(['generation', 'edit', 'fix', 'save', 'upload'], {
    error: 'must be one of generation, edit, fix, save, upload',
  }),
  prompt: z
    .string()
    .max(AI_PROMPT_MAX_CHARS, `must be at most ${AI_PROMPT_MAX_CHARS} characters`)
    .nullable()
    .optional(),
});
export type VersionCommitBody = z.infer<typeof VersionCommitBodySchema>;

/** Body of `PATCH …/{versionId}`: a checkpoint name, or null to clear it. */
export const VersionLabelBodySchema = z.strictObject({
  label: z
    .string()
    .trim()
    .min(1, 'must not be blank (send null to clear the label)')
    .max(VERSION_LABEL_MAX_LENGTH, `must be at most ${VERSION_LABEL_MAX_LENGTH} characters`)
    .nullable(),
});
export type VersionLabelBody = z.infer<typeof VersionLabelBodySchema>;

/** Query of the diff: the two version ids. */
export const VersionDiffQuerySchema = z.strictObject({
  from: z.string().min(1, 'from is required'),
  to: z.string().min(1, 'to is required'),
});

/** One change between two texts (lineHunks in line-diff.ts); lines are 1-based. */
export const LineHunkSchema = z.object({
  oldStart: z.number().int(),
  oldLines: z.number().int(),
  newStart: z.number().int(),
  newLines: z.number().int(),
  removed: z.array(z.string()),
  added: z.array(z.string()),
});

/**
 * How one file differs between two versions' trees: `renamed` has the `oldPath` it had (its
 * content may have changed too, with hunks); an `added` file's hunks add all of it.
 */
export const VersionFileChangeSchema = z.object({
  status: z.enum(['added', 'removed', 'changed', 'renamed']),
  path: z.string(),
  hunks: z.array(LineHunkSchema),
  added: z.number().int(),
  removed: z.number().int(),
  oldPath: z.string().optional(),
});
export type VersionFileChange = z.infer<typeof VersionFileChangeSchema>;

/**
 * `GET …/{projectId}/diff?from=&to=`: both versions with code, the hunks from → to of the code
 * (the main file) and line counts, and `files`: every file of the trees that differs, in path order.
 */
export const VersionDiffSchema = z.object({
  from: VersionSchema,
  to: VersionSchema,
  hunks: z.array(LineHunkSchema),
  added: z.number().int(),
  removed: z.number().int(),
  files: z.array(VersionFileChangeSchema),
});
export type VersionDiff = z.infer<typeof VersionDiffSchema>;
