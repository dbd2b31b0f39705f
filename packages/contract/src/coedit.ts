/**
 * Editing together (issue 47, docs/decisions/050): each file of a project opened by members at
 * once is one Yjs document on the server, synced with Yjs's own sync and awareness protocols
 * (y-protocols) over the realtime websocket. These are the limits both ends keep.
 */

/** The shared text of a file's document (`doc.getText(COEDIT_TEXT_NAME)`). */
export const COEDIT_TEXT_NAME = 'content';
/** Largest text a shared document may hold, in characters (a file's size limit of Free). */
export const COEDIT_DOC_MAX_CHARS = 2 * 1024 * 1024;
/** Largest single message (a Yjs update or sync step) a client may send, in bytes. */
export const COEDIT_MESSAGE_MAX_BYTES = 64 * 1024;
/** Most document messages one connection may send in 10 s (typing batched per frame). */
export const COEDIT_MESSAGES_PER_10S = 600;
/** Quiet time after the last change before the document is written to the project's file. */
export const COEDIT_IDLE_WRITE_MS = 5_000;
/** y-protocols message kinds, the first varuint of every document message. */
export const COEDIT_MESSAGE = { sync: 0, awareness: 1 } as const;
/** Longest prompt a `doc-save` names its version with (a frame stays under 16 KB). */
export const COEDIT_PROMPT_MAX_CHARS = 4_000;
