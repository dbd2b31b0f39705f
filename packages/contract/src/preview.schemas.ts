/** Wire shapes of `POST /api/preview/{project}/build` (docs/api.md § Preview). */
import { z } from 'zod';
import { ProjectFilePathSchema as filePath } from './data.schemas.ts';
import {
  PREVIEW_BUILD_LANGUAGES,
  PREVIEW_CODE_MAX_CHARS,
  PREVIEW_FILES_MAX,
  PREVIEW_FILES_MAX_CHARS,
} from './preview.ts';

/** Body of the build route. */
export const PreviewBuildRequestSchema = z.strictObject({
  code: z
    .string({ error: 'must be the code to preview, as a string' })
    .max(
      PREVIEW_CODE_MAX_CHARS,
      `must be at most ${PREVIEW_CODE_MAX_CHARS} characters; preview a smaller file`,
    ),
  language: z.enum(PREVIEW_BUILD_LANGUAGES, {
    error: `must be one of ${PREVIEW_BUILD_LANGUAGES.join(', ')} (HTML and Python run without a build)`,
  }),
  /** Where `code` sits in the project (its relative imports resolve from there); default main.tsx / main.jsx. */
  path: filePath.optional(),
  /** The project's other files, which `code` may import by relative path (issue 45). */
  files: z
    .array(z.strictObject({ path: filePath, content: z.string() }))
    .max(PREVIEW_FILES_MAX, `must list at most ${PREVIEW_FILES_MAX} files`)
    .refine(
      (files) => files.reduce((n, f) => n + f.content.length, 0) <= PREVIEW_FILES_MAX_CHARS,
      `must hold at most ${PREVIEW_FILES_MAX_CHARS} characters in all; preview a smaller project`,
    )
    .optional(),
});
export type PreviewBuildRequest = z.infer<typeof PreviewBuildRequestSchema>;

/** A build message with its place in the user's code (1-based line and column). */
export const PreviewDiagnosticSchema = z.object({
  message: z.string(),
  line: z.number().int().nullable(),
  column: z.number().int().nullable(),
  /** The file it is in, when the build had several (`files`). */
  file: z.string().optional(),
});
export type PreviewDiagnostic = z.infer<typeof PreviewDiagnosticSchema>;

/**
 * 200 answer of the build route: `code` is one ES module whose vendored imports stay bare,
 * `map` its source map. `ok: false` is a problem in the code (a syntax error, an import the
 * preview does not have), reported with its line; it is not a failed request.
 */
export const PreviewBuildResultSchema = z.object({
  ok: z.boolean(),
  code: z.string(),
  map: z.string().nullable(),
  errors: z.array(PreviewDiagnosticSchema),
  warnings: z.array(PreviewDiagnosticSchema),
  /** The stylesheets the module imports from the project's files, bundled (apply them in the frame). */
  css: z.string().optional(),
});
export type PreviewBuildResult = z.infer<typeof PreviewBuildResultSchema>;
