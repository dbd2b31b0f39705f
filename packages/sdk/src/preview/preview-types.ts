/** Public shapes of the preview client. */
import type { PreviewBuildRequest, PreviewBuildResult } from '@codewright/contract';
import type { RequestOptions } from '../request-options.ts';

/** The live preview's build (docs/api.md § Preview; docs/decisions/019). */
export interface PreviewClient {
  /**
   * Builds JavaScript or TypeScript into one ES module for the preview's sandbox. A problem
   * in the code is an answer with `ok: false` and its errors (with lines), not a throw.
   *
   * @example
   * const result = await client.preview.build({ code, language: 'typescript' });
   * if (!result.ok) console.log(result.errors[0]?.line, result.errors[0]?.message);
   */
  build(input: PreviewBuildRequest, options?: RequestOptions): Promise<PreviewBuildResult>;
}
