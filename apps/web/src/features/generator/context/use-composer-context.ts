import { useCallback, useEffect, useMemo, useRef } from 'react';
import { toast } from 'sonner';
import { aiMeterFor, GENERATOR_UPLOAD_MAX_BYTES, MESSAGES } from '@codewright/contract';
import { isContextDocument, UPLOAD_ACCEPT, UPLOAD_ACCEPT_WITH_DOCUMENTS } from '../upload.ts';
import type { GeneratorMedia } from './media-context.ts';
import { useCapabilities } from './use-capabilities.ts';
import { usePromptContext } from './use-prompt-context.ts';

export interface ComposerContextOptions {
  /** The editor's code now (the meter of a media call follows it, decision 014). */
  readCode: () => string;
  /** Reloads the usage meters after a charged call. */
  reloadPlan: () => void;
  /** The saved project open, if any (media calls send it, so its workspace's plan is charged). */
  readProjectId?: () => string | null;
}

/**
 * Everything the generator page wires for context and media (docs/decisions/024): what the server
 * offers, the chips, the media settings for the controls, and how Upload treats documents.
 */
export function useComposerContext({
  readCode,
  reloadPlan,
  readProjectId,
}: ComposerContextOptions) {
  const capabilities = useCapabilities();
  const context = usePromptContext();

  // The latest callbacks, read when a call is made (each render brings new closures).
  const latest = useRef({ readCode, reloadPlan, readProjectId });
  useEffect(() => {
    latest.current = { readCode, reloadPlan, readProjectId };
  });
  const media = useMemo<GeneratorMedia>(
    () => ({
      capabilities,
      meter: () => aiMeterFor(latest.current.readCode()),
      projectId: () => latest.current.readProjectId?.() ?? null,
      onCharged: () => latest.current.reloadPlan(),
    }),
    [capabilities],
  );

  const { addDocument } = context;
  /** Upload: a PDF or Markdown file becomes a context chip; true when it was taken here. */
  const takeUpload = useCallback(
    (file: File): boolean => {
      if (!capabilities.documents || !isContextDocument(file)) return false;
      if (file.size > GENERATOR_UPLOAD_MAX_BYTES) {
        toast.error(MESSAGES.fileTooLarge);
        return true;
      }
      void addDocument(file).then((problem) => {
        if (problem) toast.error(MESSAGES.uploadFailed, { description: problem });
        else toast.success(`"${file.name}" was added as context.`);
      });
      return true;
    },
    [capabilities.documents, addDocument],
  );

  return {
    media,
    context,
    takeUpload,
    uploadAccept: capabilities.documents ? UPLOAD_ACCEPT_WITH_DOCUMENTS : UPLOAD_ACCEPT,
    uploadWhat: capabilities.documents
      ? 'a code file, an image, or a PDF or Markdown document'
      : 'a code file or image',
  };
}
