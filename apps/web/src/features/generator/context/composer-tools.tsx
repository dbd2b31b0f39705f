import { useState } from 'react';
import { BookPlus, ImagePlus } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { AddContextDialog } from './add-context-dialog.tsx';
import { ImageAssetDialog } from './image-asset-dialog.tsx';
import { useGeneratorMedia } from './media-context.ts';
import type { PromptContext } from './use-prompt-context.ts';
import { VoiceButton } from './voice-button.tsx';

export interface ComposerToolsProps {
  context: PromptContext;
  /** The prompt as typed, and how to change it (the transcript and the image's request go in). */
  prompt: string;
  setPrompt: (value: string) => void;
  /** While an answer streams the tools are disabled, like the prompt box (SPEC §4.4). */
  disabled: boolean;
  /** The saved project open, if any: its image assets go to its workspace (docs/decisions/037). */
  projectId?: string | null;
}

/**
 * The composer's context and media buttons (docs/decisions/024): Add context (a web page or a
 * document), Make an image asset, Speak a prompt. Each shows only when the server offers it.
 */
export function ComposerTools({
  context,
  prompt,
  setPrompt,
  disabled,
  projectId = null,
}: ComposerToolsProps) {
  const { capabilities: caps } = useGeneratorMedia();
  const [contextOpen, setContextOpen] = useState(false);
  const [imageOpen, setImageOpen] = useState(false);

  const append = (text: string) => {
    const before = prompt.trimEnd();
    setPrompt(before ? `${before} ${text}` : text);
  };

  return (
    <>
      {caps.webPage || caps.documents ? (
        <Button
          variant="outline"
          size="icon"
          className="h-10 w-10"
          onClick={() => setContextOpen(true)}
          disabled={disabled || context.busy !== null}
          aria-label="Add context: a web page or a document"
          title="Add context: a web page or a document"
          data-testid="add-context"
        >
          <BookPlus className="size-4" aria-hidden="true" />
        </Button>
      ) : null}
      {caps.imageAsset ? (
        <Button
          variant="outline"
          size="icon"
          className="h-10 w-10"
          onClick={() => setImageOpen(true)}
          disabled={disabled}
          aria-label="Make an image asset"
          title="Make an image asset"
          data-testid="image-asset"
        >
          <ImagePlus className="size-4" aria-hidden="true" />
        </Button>
      ) : null}
      {caps.speak ? <VoiceButton onText={append} disabled={disabled} /> : null}
      <AddContextDialog
        open={contextOpen}
        onClose={() => setContextOpen(false)}
        context={context}
        webPage={caps.webPage}
        documents={caps.documents}
      />
      <ImageAssetDialog
        open={imageOpen}
        onClose={() => setImageOpen(false)}
        projectId={projectId}
        onUse={(asset) => {
          if (!context.addImage(asset)) return false;
          if (!prompt.trim()) setPrompt(`Use the image asset "${asset.prompt}" in the code.`);
          return true;
        }}
      />
    </>
  );
}
