/** Options every SDK call takes. */

export interface RequestOptions {
  signal?: AbortSignal;
}
