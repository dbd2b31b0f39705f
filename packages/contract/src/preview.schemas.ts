/** Wire shapes of `POST /api/preview/{project}/build` (docs/api.md § Preview). */
import { z } from 'zod';
import { PREVIEW_BUILD_LANGUAGES, PREVIEW_CODE_MAX_CHARS } from './preview.ts';

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
});
export type PreviewBuildRequest = z.infer<typeof PreviewBuildRequestSchema>;

/** A build message with its place in the user's code (1-based line and column). */
export const PreviewDiagnosticSchema = z.object({
  message: z.string(),
  line: z.number().int().nullable(),
  column: z.number().int().nullable(),
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
});
export type PreviewBuildResult = z.infer<typeof PreviewBuildResultSchema>;
