import { useEffect, useState } from 'react';
import { client } from '../../../sdk.ts';

/** What the composer may offer, from the server's configuration (docs/decisions/024). */
export interface GeneratorCapabilities {
  /** A web page as context: the data service's scrape. */
  webPage: boolean;
  /** A PDF, Markdown or text file as context: extract-from-blob. */
  documents: boolean;
  /** Speak a prompt: a transcription model, and a browser that can record. */
  speak: boolean;
  /** Read an answer aloud: a speech model. */
  readAloud: boolean;
  /** Make an image asset: an image model. */
  imageAsset: boolean;
}

export const NO_CAPABILITIES: GeneratorCapabilities = {
  webPage: false,
  documents: false,
  speak: false,
  readAloud: false,
  imageAsset: false,
};

/** True when this browser can record audio (MediaRecorder and getUserMedia). */
export function canRecordAudio(): boolean {
  return (
    typeof window !== 'undefined' &&
    typeof window.MediaRecorder !== 'undefined' &&
    typeof navigator.mediaDevices?.getUserMedia === 'function'
  );
}

/**
 * Asks the server once which AI and data services it offers (GET …/capabilities); every control
 * stays hidden until it has answered, and a part that fails to answer counts as not offered.
 */
export function useCapabilities(): GeneratorCapabilities {
  const [caps, setCaps] = useState<GeneratorCapabilities>(NO_CAPABILITIES);
  useEffect(() => {
    const controller = new AbortController();
    const signal = controller.signal;
    void Promise.allSettled([
      client.ai.capabilities({ signal }),
      client.data.capabilities({ signal }),
    ]).then(([ai, data]) => {
      if (signal.aborted) return;
      const a = ai.status === 'fulfilled' ? ai.value : null;
      const d = data.status === 'fulfilled' ? data.value : null;
      if (!a || !d) console.warn('Could not read the server’s capabilities', ai, data);
      setCaps({
        webPage: Boolean(a?.text && d?.scrape),
        documents: Boolean(a?.text && d?.extract),
        speak: Boolean(a?.transcription) && canRecordAudio(),
        readAloud: Boolean(a?.speech),
        imageAsset: Boolean(a?.image),
      });
    });
    return () => controller.abort();
  }, []);
  return caps;
}
