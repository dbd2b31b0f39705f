/** Public shapes of the versions client (versions-client.ts); docs/api.md § Versions. */
import type { Version, VersionCommitBody, VersionDiff, VersionSummary } from '@codewright/contract';
import type { RequestOptions } from '../request-options.ts';

/**
 * The history of a saved project: list, read, diff, restore, label, and commit new code with
 * what made it. Rejects with code FEATURE_NOT_IN_PLAN (403) on Free, NOT_FOUND (404) for a
 * project or version the caller cannot see, VALIDATION_ERROR (400) for bad input.
 */
export interface VersionsClient {
  /** Newest first, without code; `limit` 1–1000 (default 1000), `before` a version number. */
  list(
    projectId: string,
    options?: RequestOptions & { limit?: number; before?: number },
  ): Promise<VersionSummary[]>;
  /** One version with its code. */
  get(projectId: string, versionId: string, options?: RequestOptions): Promise<Version>;
  /** Both versions with code and the hunks from `fromId` to `toId` (computed on the server). */
  diff(
    projectId: string,
    fromId: string,
    toId: string,
    options?: RequestOptions,
  ): Promise<VersionDiff>;
  /** Makes that version's code the project's code again, as a new version (source `restore`). */
  restore(projectId: string, versionId: string, options?: RequestOptions): Promise<Version>;
  /** Names a version as a checkpoint; null clears the name. */
  label(
    projectId: string,
    versionId: string,
    label: string | null,
    options?: RequestOptions,
  ): Promise<VersionSummary>;
  /**
   * Sets the project's code and records it as a version with its source (`generation`, `edit`,
   * `fix`, `save`, `upload`) and prompt. `created` is false when the code equals the newest
   * version, which is answered instead.
   */
  commit(
    projectId: string,
    input: VersionCommitBody,
    options?: RequestOptions,
  ): Promise<{ version: Version; created: boolean }>;
}
