import { useCallback, useRef, useState } from 'react';
import { toast } from 'sonner';
import { MESSAGES, fileLoadedMessage } from '@codewright/contract';
import { client } from '../../../sdk.ts';
import { classifyUpload, imagePath, imagePrompt, languageForFile } from '../upload.ts';

/**
 * Upload in the composer (SPEC §4.4): a code file becomes the editor's code (its language
 * follows the file); an image is stored and its URL goes into the prompt, then with the request
 * that names it (`takeImageUrls`).
 */
export function useUpload(deps: {
  userId: string;
  setCode: (code: string) => void;
  setLanguage: (language: string) => void;
  setPrompt: (prompt: string) => void;
}) {
  const { userId, setCode, setLanguage, setPrompt } = deps;
  const [uploading, setUploading] = useState(false);
  const imageUrls = useRef<string[]>([]);

  const upload = useCallback(
    async (file: File) => {
      const kind = classifyUpload(file);
      if (kind.kind === 'rejected') {
        toast.error(kind.message);
        return;
      }
      setUploading(true);
      try {
        if (kind.kind === 'code') {
          const text = await file.text();
          setCode(text);
          // The language follows the file (highlighting, the download's code.<ext>).
          const fileLanguage = languageForFile(file.name);
          if (fileLanguage) setLanguage(fileLanguage);
          toast.success(fileLoadedMessage(file.name));
        } else {
          const { publicUrl } = await client.storage.upload(
            imagePath(userId, kind.extension),
            file,
            { upsert: true },
          );
          imageUrls.current = [...imageUrls.current, publicUrl];
          setPrompt(imagePrompt(publicUrl));
          toast.success(MESSAGES.imageUploaded);
        }
      } catch (error) {
        console.error('Upload failed', error);
        toast.error(MESSAGES.uploadFailed);
      } finally {
        setUploading(false);
      }
    },
    [userId, setCode, setLanguage, setPrompt],
  );

  /** The image URLs a request names (taken: they go with it once). */
  const takeImageUrls = useCallback((request: string) => {
    const urls = imageUrls.current.filter((url) => request.includes(url));
    imageUrls.current = [];
    return urls;
  }, []);

  return { upload, uploading, takeImageUrls };
}
