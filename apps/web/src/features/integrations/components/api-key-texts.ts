import type { ApiKeyScope } from '@codewright/contract';

/** How a scope reads on screen: a read key only reads (GET, HEAD). */
export const SCOPE_LABELS: Record<ApiKeyScope, string> = {
  read: 'Read',
  write: 'Read and write',
};
