/** The co-editing feature's door (issue 47): the shown file shared with teammates. */
export { memberName, useSharedFile, type SharedFile } from './use-shared-file.ts';
export type { SharedStatus, SharedText } from './shared-text.ts';
