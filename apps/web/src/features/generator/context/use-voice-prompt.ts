import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { client } from '../../../sdk.ts';
import { useGeneratorMedia } from './media-context.ts';
import { toastFailure } from './media-errors.ts';

export type VoiceState = 'idle' | 'starting' | 'recording' | 'transcribing';

/** Longest recording; it stops by itself then (well under the 25 MB transcription cap). */
export const VOICE_MAX_SECONDS = 120;

/** A recorder type this browser makes (webm/opus in Chromium and Firefox, mp4 in Safari). */
function recorderType(): string | undefined {
  for (const type of ['audio/webm;codecs=opus', 'audio/webm', 'audio/ogg;codecs=opus', 'audio/mp4'])
    if (MediaRecorder.isTypeSupported(type)) return type;
  return undefined;
}

/**
 * Speak a prompt (docs/decisions/024): the microphone records until Stop (or VOICE_MAX_SECONDS),
 * the recording is transcribed (one unit of the meter, decision 014) and the text handed to
 * `onText`. The microphone is released as soon as recording ends.
 */
export function useVoicePrompt(onText: (text: string) => void) {
  const media = useGeneratorMedia();
  const [state, setState] = useState<VoiceState>('idle');
  const [seconds, setSeconds] = useState(0);
  const recorder = useRef<MediaRecorder | null>(null);
  const stream = useRef<MediaStream | null>(null);
  const timer = useRef(0);
  const aborted = useRef(false);
  const latest = useRef({ onText, media });
  useEffect(() => {
    latest.current = { onText, media };
  });

  const release = () => {
    window.clearInterval(timer.current);
    stream.current?.getTracks().forEach((t) => t.stop());
    stream.current = null;
    recorder.current = null;
  };
  useEffect(
    () => () => {
      aborted.current = true;
      if (recorder.current?.state === 'recording') recorder.current.stop();
      release();
    },
    [],
  );

  const transcribe = async (audio: Blob) => {
    setState('transcribing');
    try {
      const { media: m } = latest.current;
      const projectId = m.projectId();
      const { text } = await client.ai.transcribe({
        audio,
        meter: m.meter(),
        ...(projectId ? { projectId } : {}),
      });
      m.onCharged();
      if (!text.trim()) toast.info('No speech was heard. Try again, closer to the microphone.');
      else latest.current.onText(text.trim());
    } catch (error) {
      latest.current.media.onCharged();
      toastFailure('Could not transcribe the recording', error, 'Please try again.');
    } finally {
      setState('idle');
    }
  };

  const start = useCallback(async () => {
    if (recorder.current) return;
    setState('starting');
    try {
      const s = await navigator.mediaDevices.getUserMedia({ audio: true });
      if (aborted.current) {
        s.getTracks().forEach((t) => t.stop());
        return;
      }
      stream.current = s;
      const type = recorderType();
      const rec = new MediaRecorder(s, type ? { mimeType: type } : undefined);
      const parts: Blob[] = [];
      rec.ondataavailable = (e) => {
        if (e.data.size > 0) parts.push(e.data);
      };
      rec.onstop = () => {
        release();
        if (aborted.current) return;
        const audio = new Blob(parts, { type: rec.mimeType || type || 'audio/webm' });
        if (audio.size === 0) {
          setState('idle');
          toast.error('Nothing was recorded. Check your microphone and try again.');
          return;
        }
        void transcribe(audio);
      };
      recorder.current = rec;
      rec.start(250);
      setSeconds(0);
      const began = Date.now();
      timer.current = window.setInterval(() => {
        const s2 = Math.floor((Date.now() - began) / 1000);
        setSeconds(s2);
        if (s2 >= VOICE_MAX_SECONDS && rec.state === 'recording') rec.stop();
      }, 250);
      setState('recording');
    } catch (error) {
      release();
      setState('idle');
      const name = error instanceof DOMException ? error.name : '';
      toast.error('The microphone is not available', {
        description:
          name === 'NotAllowedError'
            ? 'Microphone access was blocked. Allow it for this site in the browser’s settings, then try again.'
            : name === 'NotFoundError'
              ? 'No microphone was found. Connect one, then try again.'
              : 'The browser could not start recording. Please try again.',
      });
    }
  }, []);

  const stop = useCallback(() => {
    if (recorder.current?.state === 'recording') recorder.current.stop();
  }, []);

  return { state, seconds, start, stop };
}
