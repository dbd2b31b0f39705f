import { Loader2, Mic, Square } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { useVoicePrompt } from './use-voice-prompt.ts';

export interface VoiceButtonProps {
  /** Puts the transcript into the prompt. */
  onText: (text: string) => void;
  disabled: boolean;
}

const clock = (s: number) => `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;

/**
 * Speak a prompt: press to record, press again to stop; the transcript goes into the prompt
 * (docs/decisions/024). While recording the button says so, with the time, in red.
 */
export function VoiceButton({ onText, disabled }: VoiceButtonProps) {
  const voice = useVoicePrompt(onText);
  if (voice.state === 'recording') {
    // The time is beside the Stop button, not in it: the button's name is what it does.
    return (
      <span className="flex items-center gap-1.5" data-testid="voice-recording">
        <span className="flex h-10 items-center gap-1.5 rounded-lg border border-red-400/50 px-2.5 text-sm text-red-200">
          <span className="relative flex size-2.5" aria-hidden="true">
            <span className="absolute inline-flex size-full animate-ping rounded-full bg-red-400 opacity-75" />
            <span className="relative inline-flex size-2.5 rounded-full bg-red-500" />
          </span>
          <span className="sr-only">Recording</span>
          <span className="tabular-nums" role="timer" aria-live="off">
            {clock(voice.seconds)}
          </span>
        </span>
        <Button
          variant="outline"
          size="icon"
          className="h-10 w-10"
          onClick={voice.stop}
          aria-label="Stop recording and transcribe"
          title="Stop recording and transcribe"
          data-testid="voice-button"
          data-state="recording"
        >
          <Square className="size-3.5 fill-current text-red-300" aria-hidden="true" />
        </Button>
      </span>
    );
  }
  const busy = voice.state !== 'idle';
  return (
    <Button
      variant="outline"
      size="icon"
      className="h-10 w-10"
      onClick={() => void voice.start()}
      disabled={disabled || busy}
      aria-label={voice.state === 'transcribing' ? 'Transcribing…' : 'Speak a prompt'}
      title="Speak a prompt"
      data-testid="voice-button"
      data-state={voice.state}
    >
      {busy ? (
        <Loader2 className="size-4 animate-spin" aria-hidden="true" />
      ) : (
        <Mic className="size-4" aria-hidden="true" />
      )}
    </Button>
  );
}
