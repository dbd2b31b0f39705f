/** Row, insert and patch schemas of the db REST API (DESIGN §2b, §3.8); constants in data.ts. */
import { z } from 'zod';
import {
  CHAT_CONTENT_MAX_LENGTH,
  CHAT_ROLES,
  clientIdPattern,
  CTA_FIELD_MAX_LENGTH,
  DB_ID_PREFIXES,
  DESCRIPTION_MAX_LENGTH,
  LANGUAGE_LABELS,
  PROJECT_CODE_MAX_LENGTH,
  PROJECT_NAME_MAX_LENGTH,
  projectFilePathProblem,
  type DbTable,
} from './data.ts';
import { storableText } from './input-limits.ts';
import {
  CONTEXT_ITEMS_MAX,
  CONTEXT_SOURCE_MAX_LENGTH,
  CONTEXT_TITLE_MAX_LENGTH,
} from './prompt-context.ts';
import { PlanNameSchema } from './responses.ts';
import { PROJECT_VISIBILITIES } from './workspaces.ts';

// PostgreSQL text cannot hold NUL or a lone surrogate; refuse them here instead of failing in the database.
const text = (max: number) =>
  storableText(z.string().max(max, `must be at most ${max} characters`));

const isoTimestamp = z.iso.datetime({ offset: true, message: 'must be an ISO 8601 timestamp' });

const idFor = (table: DbTable) =>
  z
    .string()
    .regex(
      clientIdPattern(DB_ID_PREFIXES[table]),
      `must look like ${DB_ID_PREFIXES[table]}_<timestamp>_<random, 6+ characters>, or be left out`,
    );

// user_id may be sent (clients written against the spec do) but the server
// always stores the caller's id; it is accepted here only to be overwritten.
const ignoredUserId = z.string().nullable().optional();

const projectName = text(PROJECT_NAME_MAX_LENGTH).refine(
  (s) => s.trim() !== '',
  'must not be blank',
);
const visibility = z.enum(PROJECT_VISIBILITIES, { message: "must be 'public' or 'private'" });

const language = z.enum(LANGUAGE_LABELS, {
  message: `must be one of ${LANGUAGE_LABELS.join(', ')}`,
});

/** A project as stored (snake_case). */
export const ProjectRowSchema = z.object({
  id: z.string(),
  user_id: z.string(),
  name: z.string(),
  language: z.string(),
  code: z.string(),
  description: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  /** The workspace the project belongs to (docs/decisions/025). */
  workspace_id: z.string(),
  /** DESIGN §2c; Free workspaces are always public. */
  visibility: z.enum(PROJECT_VISIBILITIES),
  /** The share link's token (DESIGN §2c), readable by whoever can read the project. */
  share_token: z.string(),
  /** Who changed the project last (user id; null once that account is gone). */
  updated_by: z.string().nullable(),
});
export type ProjectRow = z.infer<typeof ProjectRowSchema>;

/** POST body row for projects. created_at/updated_at are accepted and replaced by the server's time. */
export const ProjectInsertSchema = z
  .object({
    id: idFor('projects').optional(),
    user_id: ignoredUserId,
    name: projectName,
    language,
    code: text(PROJECT_CODE_MAX_LENGTH).default(''),
    description: text(DESCRIPTION_MAX_LENGTH).nullable().optional(),
    created_at: isoTimestamp.optional(),
    updated_at: isoTimestamp.optional(),
    /** Left out: the caller's personal workspace. */
    workspace_id: z.string().min(1).max(200).optional(),
    /** Left out: private on a plan with private projects, else public. */
    visibility: visibility.optional(),
  })
  .strict();

/** PATCH body for projects; updated_at is accepted and replaced by the server's time. */
export const ProjectPatchSchema = z
  .object({
    name: projectName.optional(),
    language: language.optional(),
    code: text(PROJECT_CODE_MAX_LENGTH).optional(),
    description: text(DESCRIPTION_MAX_LENGTH).nullable().optional(),
    updated_at: isoTimestamp.optional(),
    visibility: visibility.optional(),
  })
  .strict();

/** One context item a user message was sent with: kind, title, source — no text (decision 033). */
export const ChatContextRefSchema = z
  .object({
    kind: z.enum(['web', 'document', 'image'], {
      message: "must be 'web', 'document' or 'image'",
    }),
    title: text(CONTEXT_TITLE_MAX_LENGTH),
    source: text(CONTEXT_SOURCE_MAX_LENGTH),
  })
  .strict();

/** A stored chat message (snake_case). */
export const ChatMessageRowSchema = z.object({
  id: z.string(),
  project_id: z.string(),
  user_id: z.string(),
  role: z.enum(CHAT_ROLES),
  content: z.string(),
  code_snapshot: z.string().nullable(),
  created_at: z.string(),
  /** The context chips a user message was sent with; null for messages without (and older ones). */
  context: z.array(ChatContextRefSchema).nullable(),
});
export type ChatMessageRow = z.infer<typeof ChatMessageRowSchema>;

/** POST body row for chat messages; created_at (the message's own time) is kept when given. */
export const ChatMessageInsertSchema = z
  .object({
    id: idFor('chat_messages').optional(),
    project_id: z.string().min(1, 'is required').max(200),
    user_id: ignoredUserId,
    role: z.enum(CHAT_ROLES, { message: "must be 'user' or 'assistant'" }),
    content: text(CHAT_CONTENT_MAX_LENGTH),
    code_snapshot: text(PROJECT_CODE_MAX_LENGTH).nullable().optional(),
    created_at: isoTimestamp.optional(),
    context: z
      .array(ChatContextRefSchema)
      .max(CONTEXT_ITEMS_MAX, `must list at most ${CONTEXT_ITEMS_MAX} context items`)
      .nullable()
      .optional(),
  })
  .strict();

export const ChatMessagePatchSchema = z
  .object({
    content: text(CHAT_CONTENT_MAX_LENGTH).optional(),
    code_snapshot: text(PROJECT_CODE_MAX_LENGTH).nullable().optional(),
  })
  .strict();

/** A project file's path (data.ts projectFilePathProblem says what is wrong with a bad one). */
export const ProjectFilePathSchema = z.string().superRefine((path, ctx) => {
  const problem = projectFilePathProblem(path);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

/** A project's file as stored (snake_case); the main file's content is the project's code. */
export const ProjectFileRowSchema = z.object({
  id: z.string(),
  project_id: z.string(),
  /** Who created it (null once that account is gone). */
  user_id: z.string().nullable(),
  path: z.string(),
  content: z.string(),
  is_main: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ProjectFileRow = z.infer<typeof ProjectFileRowSchema>;

/** POST body row for project files: a new file in a project the caller may change. */
export const ProjectFileInsertSchema = z
  .object({
    id: idFor('project_files').optional(),
    project_id: z.string().min(1, 'is required').max(200),
    user_id: ignoredUserId,
    path: ProjectFilePathSchema,
    content: text(PROJECT_CODE_MAX_LENGTH).default(''),
    created_at: isoTimestamp.optional(),
    updated_at: isoTimestamp.optional(),
  })
  .strict();

/** PATCH body for project files: rename (path) or new content; updated_at is the server's. */
export const ProjectFilePatchSchema = z
  .object({
    path: ProjectFilePathSchema.optional(),
    content: text(PROJECT_CODE_MAX_LENGTH).optional(),
    updated_at: isoTimestamp.optional(),
  })
  .strict();

/** One file of an accepted AI edit across files (issue 46): its new content, or its removal. */
export const ProjectFileChangeSchema = z
  .object({
    path: ProjectFilePathSchema,
    content: text(PROJECT_CODE_MAX_LENGTH).optional(),
    delete: z.literal(true, 'must be true, or be left out').optional(),
  })
  .strict()
  .refine((c) => (c.content === undefined) !== (c.delete === undefined), {
    message: 'give either content (the whole new file) or delete: true, not both',
  });

/**
 * POST …/projects/{id}/files/changes: the files an AI answer writes (accepted), as one version;
 * `save` for a change the user made by hand through the same review (a quick edit, issue 53).
 */
export const ProjectFileChangesBodySchema = z
  .object({
    changes: z
      .array(ProjectFileChangeSchema)
      .min(1, 'must hold at least one change')
      .max(500, 'must hold at most 500 changes'),
    source: z.enum(['generation', 'edit', 'fix', 'save'], 'must be generation, edit, fix or save'),
    prompt: text(CHAT_CONTENT_MAX_LENGTH).optional(),
  })
  .strict();
export type ProjectFileChangesBody = z.infer<typeof ProjectFileChangesBodySchema>;

/** The answer to files/changes: how many files the version created, changed and deleted. */
export const ProjectFileChangesResultSchema = z.object({
  created: z.number().int(),
  changed: z.number().int(),
  deleted: z.number().int(),
});

/** The answer to PUT …/files.zip: how many files were created and how many replaced. */
export const FilesZipResultSchema = z.object({
  created: z.number().int(),
  replaced: z.number().int(),
});

/** A CTA click record (snake_case). */
export const CtaInteractionRowSchema = z.object({
  id: z.string(),
  user_id: z.string().nullable(),
  cta_name: z.string(),
  page: z.string(),
  timestamp: z.string(),
});
export type CtaInteractionRow = z.infer<typeof CtaInteractionRowSchema>;

/** POST body row for CTA interactions; timestamp is accepted and replaced by the server's time. */
export const CtaInteractionInsertSchema = z
  .object({
    id: idFor('cta_interactions').optional(),
    user_id: ignoredUserId,
    cta_name: text(CTA_FIELD_MAX_LENGTH).min(1, 'is required'),
    page: text(CTA_FIELD_MAX_LENGTH).min(1, 'is required'),
    timestamp: isoTimestamp.optional(),
  })
  .strict();

export const CtaInteractionPatchSchema = z
  .object({
    cta_name: text(CTA_FIELD_MAX_LENGTH).min(1).optional(),
    page: text(CTA_FIELD_MAX_LENGTH).min(1).optional(),
  })
  .strict();

/** Admin `POST …/sql` body. */
export const SqlBodySchema = z
  .object({
    query: z.string().trim().min(1, 'is required'),
    params: z.array(z.unknown()).max(1000).optional(),
  })
  .strict();
export type SqlBody = z.infer<typeof SqlBodySchema>;

/** Admin `POST …/batch` body. */
export const BatchBodySchema = z
  .object({
    statements: z.array(SqlBodySchema).min(1, 'needs at least one statement').max(100),
    mode: z.enum(['transaction', 'pipeline']).default('transaction'),
  })
  .strict();
export type BatchBody = z.infer<typeof BatchBodySchema>;

export const SqlResultSchema = z.object({
  rows: z.array(z.record(z.string(), z.unknown())),
  rowCount: z.number().int().nullable(),
});
export type SqlResult = z.infer<typeof SqlResultSchema>;

export const BatchResultSchema = z.object({
  results: z.array(
    z.union([SqlResultSchema, z.object({ error: z.object({ message: z.string() }) })]),
  ),
});

export const PlanUpgradeBodySchema = z.object({ plan: PlanNameSchema }).strict();
export type PlanUpgradeBody = z.infer<typeof PlanUpgradeBodySchema>;
