/**
 * The element selected in the preview (issue 53), as the generator holds it: the composer's
 * chip, and the options of the next prompt — an Edit selection of the element's lines, in the
 * file they are in. A selection holds for the code it was made on: once the code or the files
 * change (an accepted edit, typing, a teammate's change) its lines may be elsewhere, so it goes.
 */
import { useCallback, useState } from 'react';
import type { PreviewSelection } from '../../preview/index.ts';
import type { EditOptions } from './use-generation.ts';

export function usePreviewPick(code: string, files: unknown, mainPath: string | undefined) {
  const [picked, setPicked] = useState<PreviewSelection | null>(null);
  const [seen, setSeen] = useState({ code, files });
  if (seen.code !== code || seen.files !== files) {
    setSeen({ code, files });
    if (picked) setPicked(null);
  }
  /** The options of a prompt sent now: the element's lines, and its file unless it is the main one. */
  const options = useCallback((): EditOptions | undefined => {
    if (!picked) return undefined;
    const selection = { startLine: picked.startLine, endLine: picked.endLine };
    const main = !mainPath || picked.path === mainPath;
    return main ? { selection } : { selection, path: picked.path };
  }, [picked, mainPath]);
  return { picked, setPicked, options };
}
