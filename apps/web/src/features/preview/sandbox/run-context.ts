/** What a run mode gets from the sandbox runtime (runtime.ts). */
import type { PreviewProblemKind } from '@codewright/contract';
import type { ConsoleCapture } from './console-capture.ts';
import type { FrameStatus } from './protocol.ts';
import type { SourcePositions } from './source-positions.ts';

/** The frame's configuration, written into frame.html by the build (scripts/preview-assets.mjs). */
export interface SandboxConfig {
  /** Tailwind's browser build. */
  tailwind: string;
  /** The built Python worker script. */
  pythonWorker: string;
  /** Pyodide's folder, ending in `/`. */
  pyodide: string;
  /** The memory snapshot of a started Python (docs/decisions/035); null when the build made none. */
  pythonSnapshot: string | null;
}

export interface RunContext {
  readonly runId: number;
  readonly config: SandboxConfig;
  readonly console: ConsoleCapture;
  /** Reports progress to the app. */
  status(status: FrameStatus): void;
  /** Reports a problem with its line in the user's code (when known). */
  problem(
    kind: PreviewProblemKind,
    message: string,
    line: number | null,
    column?: number | null,
  ): void;
  /** How stack traces of this run map to the user's lines. */
  setPositions(positions: SourcePositions): void;
  /** Reports an error thrown by the user's code (position from its stack). */
  error(kind: PreviewProblemKind, error: unknown): void;
  /** Adds the frame's listeners again (document.open() removes them). */
  reinstallListeners(): void;
}
