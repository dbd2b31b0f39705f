import { createContext, useContext } from 'react';
import type { AiMeter } from '@codewright/contract';
import { NO_CAPABILITIES, type GeneratorCapabilities } from './use-capabilities.ts';

/**
 * What the context and media controls share across the workspace (docs/decisions/024): what the
 * server offers, the meter a call is charged to (decision 014: as for text, an edit while the
 * editor holds code), and what to do once a call was charged (reload the usage meters).
 */
export interface GeneratorMedia {
  capabilities: GeneratorCapabilities;
  meter: () => AiMeter;
  /** The saved project open (null: unsaved): a media call counts against its workspace's plan. */
  projectId: () => string | null;
  onCharged: () => void;
}

export const GeneratorMediaContext = createContext<GeneratorMedia>({
  capabilities: NO_CAPABILITIES,
  meter: () => 'generation',
  projectId: () => null,
  onCharged: () => {},
});

/** The generator's media settings (defaults: nothing offered). */
export function useGeneratorMedia(): GeneratorMedia {
  return useContext(GeneratorMediaContext);
}
