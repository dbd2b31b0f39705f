/**
 * The multipart uploads of the SDK (storage, AI transcription, data extraction): the checks made
 * before a Blob is sent and the `file` part itself.
 */
import type { AiError, DataError } from './errors.ts';

/**
 * Refuses, before sending, what is not a non-empty Blob (`messages.missing`, VALIDATION_ERROR) or
 * is larger than `maxBytes` (`messages.tooLarge`, FILE_TOO_LARGE), as errors of `Family`.
 */
export function assertUploadBlob(
  Family: typeof AiError | typeof DataError,
  value: unknown,
  maxBytes: number,
  messages: { missing: string; tooLarge: string },
): asserts value is Blob {
  if (typeof Blob === 'undefined' || !(value instanceof Blob) || value.size === 0) {
    throw new Family({ code: 'VALIDATION_ERROR', message: messages.missing, status: null });
  }
  if (value.size > maxBytes) {
    throw new Family({ code: 'FILE_TOO_LARGE', message: messages.tooLarge, status: null });
  }
}

/** Appends `file` as the form's `file` part, named as the File is, else `fallbackName`. */
export function appendFile(form: FormData, file: Blob, fallbackName: string): void {
  const name =
    'name' in file && typeof file.name === 'string' && file.name ? file.name : fallbackName;
  form.append('file', file, name);
}
