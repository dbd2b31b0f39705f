import { useEffect, useId, useRef, useState } from 'react';
import { Loader2, Square, Volume2 } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { client } from '../../../sdk.ts';
import { useGeneratorMedia } from './media-context.ts';
import { toastFailure } from './media-errors.ts';
import { spokenText } from './spoken-text.ts';

/** Only one answer is read at a time: starting one stops the others. */
const STOP_OTHERS = 'codewright:read-aloud';

type ReadState = 'idle' | 'loading' | 'playing';

/**
 * "Read aloud" on an answer (docs/decisions/024): its explanation (no code) becomes speech
 * through the server's speech model (one unit of the meter, decision 014) and plays in an
 * <audio> element with native controls hidden; press again to stop. Rendered only when speech
 * is configured and the answer has prose.
 */
export function ReadAloudButton({ markdown }: { markdown: string }) {
  const media = useGeneratorMedia();
  const [state, setState] = useState<ReadState>('idle');
  /** The audio has started playing at least once (tests and assistive tech read it). */
  const [played, setPlayed] = useState(false);
  const audioRef = useRef<HTMLAudioElement>(null);
  const urlRef = useRef<string | null>(null);
  const request = useRef<AbortController | null>(null);
  const id = useId();
  const text = spokenText(markdown);

  const reset = () => {
    request.current?.abort();
    request.current = null;
    const audio = audioRef.current;
    if (audio) {
      audio.pause();
      audio.removeAttribute('src');
    }
    if (urlRef.current) URL.revokeObjectURL(urlRef.current);
    urlRef.current = null;
    setState('idle');
  };
  const resetRef = useRef(reset);
  useEffect(() => {
    resetRef.current = reset;
  });

  useEffect(() => {
    const onOther = (e: Event) => {
      if ((e as CustomEvent<string>).detail !== id) resetRef.current();
    };
    window.addEventListener(STOP_OTHERS, onOther);
    return () => {
      window.removeEventListener(STOP_OTHERS, onOther);
      resetRef.current();
    };
  }, [id]);

  if (!media.capabilities.readAloud || !text) return null;

  const play = async () => {
    window.dispatchEvent(new CustomEvent(STOP_OTHERS, { detail: id }));
    const controller = new AbortController();
    request.current = controller;
    setState('loading');
    try {
      const projectId = media.projectId();
      const blob = await client.ai.speech({
        text,
        meter: media.meter(),
        ...(projectId ? { projectId } : {}),
        signal: controller.signal,
      });
      media.onCharged();
      const audio = audioRef.current;
      if (controller.signal.aborted || !audio) return;
      if (urlRef.current) URL.revokeObjectURL(urlRef.current);
      urlRef.current = URL.createObjectURL(blob);
      audio.src = urlRef.current;
      await audio.play();
      setState('playing');
    } catch (error) {
      if (controller.signal.aborted) return;
      media.onCharged();
      reset();
      toastFailure('Could not read the answer aloud', error, 'Please try again.');
    }
  };

  return (
    <>
      <Button
        variant="ghost"
        size="sm"
        onClick={() => (state === 'idle' ? void play() : reset())}
        // The visible text starts the accessible name (WCAG 2.5.3).
        aria-label={state === 'idle' ? undefined : 'Stop reading aloud'}
        title="Read the explanation aloud (no code)"
        aria-pressed={state !== 'idle'}
        data-testid="read-aloud"
        data-state={state}
      >
        {state === 'loading' ? (
          <Loader2 className="size-3.5 animate-spin" aria-hidden="true" />
        ) : state === 'playing' ? (
          <Square className="size-3 fill-current" aria-hidden="true" />
        ) : (
          <Volume2 className="size-3.5" aria-hidden="true" />
        )}
        {state === 'playing' ? 'Stop' : 'Read aloud'}
      </Button>
      <audio
        ref={audioRef}
        data-testid="read-aloud-audio"
        className="hidden"
        data-played={played ? 'true' : undefined}
        onPlaying={() => setPlayed(true)}
        // The last audio stays loaded once it ends; it is dropped on Stop or the next read.
        onEnded={() => setState('idle')}
        onError={() => {
          if (urlRef.current) {
            reset();
            toastFailure('Could not play the audio', null, 'This browser cannot play it.');
          }
        }}
      />
    </>
  );
}
