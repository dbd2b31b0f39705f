/**
 * The app's side of the sandbox (DESIGN §3.12, docs/decisions/020). It makes the frame
 * (`sandbox="allow-scripts allow-forms"`, no allow-same-origin), waits for its hello, sends the
 * run, and accepts only messages whose `event.source` is that frame's window (origin "null",
 * as an opaque origin has). A module or page gets a fresh frame each run; a Python frame is
 * kept for the next run. For module runs a hidden spare frame waits with the vendored
 * packages already loaded (prepare()), so a run pays only for its own code. The watchdog
 * pings; a frame that leaves pings unanswered for PREVIEW_WATCHDOG_MS is removed with the
 * spare (they share a process, which Chromium then ends) and reported as hung. Only the
 * frame's own silence counts: while it says it is loading Python no code of the user's runs,
 * so it gets the start allowance, and time this page itself was too busy to ping (a loaded
 * machine) is not held against it.
 */
import { PREVIEW_FRAME_PATH, PREVIEW_WATCHDOG_MS } from '@codewright/contract';
import { createLiveFrame, type LiveFrame, selectModeMessage, setHidden } from './frame-element.ts';
import {
  type FromFrameMessage,
  PREVIEW_MESSAGE_TAG,
  type PrepareMessage,
  readFrameMessage,
  type RunMessage,
  type RunMode,
} from './sandbox/protocol.ts';

export type RunPayload = Pick<RunMessage, 'mode' | 'code' | 'map' | 'css' | 'files'>;

export interface FrameHostEvents {
  /** A message of the run in progress (console, problem, status). */
  onMessage(message: FromFrameMessage & { runId: number }): void;
  /** The frame stopped answering (endless loop, hang) or never started; it has been removed. */
  onHang(reason: 'unresponsive' | 'no-start'): void;
}

export interface FrameHostOptions {
  frameUrl?: string;
  watchdogMs?: number;
  pingMs?: number;
  /** Longest wait for a new frame's hello. */
  startMs?: number;
}

/** After a run has painted, the next spare starts this much later (the run's own work first). */
const SPARE_DELAY_MS = 150;

type SpareMode = PrepareMessage['mode'];

export class PreviewFrameHost {
  private frame: LiveFrame | null = null;
  /** Hidden frames ready for the next run: vendored packages loaded, or Pyodide started. */
  private readonly spares = new Map<SpareMode, LiveFrame>();
  private spareTimer: ReturnType<typeof setTimeout> | null = null;
  /** The last run, for "Open in new tab". */
  private last: RunMessage | null = null;
  private readonly tabs = new Map<Window, RunMessage>();
  private runId = 0;
  private pingId = 0;
  private readonly timer: ReturnType<typeof setInterval>;
  private readonly frameUrl: string;
  private readonly watchdogMs: number;
  private readonly startMs: number;
  private readonly pingMs: number;
  private lastWatch = performance.now();
  private selecting = false;

  constructor(
    private readonly container: HTMLElement,
    private readonly events: FrameHostEvents,
    options: FrameHostOptions = {},
  ) {
    this.frameUrl = options.frameUrl ?? PREVIEW_FRAME_PATH;
    this.watchdogMs = options.watchdogMs ?? PREVIEW_WATCHDOG_MS;
    this.startMs = options.startMs ?? 15_000;
    this.pingMs = options.pingMs ?? 1_000;
    window.addEventListener('message', this.onMessage);
    this.timer = setInterval(this.watch, this.pingMs);
  }

  /** The id of the run in progress (messages of older runs are dropped). */
  get currentRunId(): number {
    return this.runId;
  }

  /** Runs code in the sandbox; returns the run's id. */
  run(payload: RunPayload): number {
    const message: RunMessage = {
      tag: PREVIEW_MESSAGE_TAG,
      type: 'run',
      runId: ++this.runId,
      ...payload,
    };
    this.last = message;
    const current = this.frame;
    const spare = payload.mode === 'html' ? undefined : this.spares.get(payload.mode);
    if (current?.mode === 'python' && payload.mode === 'python' && current.ready) {
      this.start(current.element.contentWindow, message);
    } else if (spare) {
      this.promoteSpare(spare, message);
    } else {
      this.frame?.element.remove();
      this.frame = this.createFrame(payload.mode, message, false);
    }
    return message.runId;
  }

  /**
   * Readies a spare frame for the next run of this kind, if there is none: `module`
   * (JavaScript, TypeScript) loads the vendored packages, `python` starts Pyodide.
   */
  prepare(mode: SpareMode = 'module'): void {
    if (this.spares.has(mode) || (mode === 'module' && this.spareTimer)) return;
    if (mode === 'python' && this.frame?.mode === 'python') return;
    this.spares.set(mode, this.createFrame(mode, null, true));
  }

  /**
   * Select mode (issue 53) in the frame on screen and in those of later runs; turned on, the
   * frame takes the focus, so Tab walks its elements at once.
   */
  setSelectMode(on: boolean): void {
    this.selecting = on;
    const frame = this.frame;
    if (!frame?.ready) return;
    frame.element.contentWindow?.postMessage(selectModeMessage(on), '*');
    if (on) frame.element.focus();
  }

  /** Starts a new run's numbering: messages of the frame's current run are ignored from now. */
  invalidate(): void {
    this.runId++;
  }

  /** Removes the frames (and stops whatever runs in them). */
  clear(): void {
    this.frame?.element.remove();
    this.frame = null;
    this.dropSpare();
    this.runId++;
  }

  /**
   * Opens the last run in a tab of its own: the same sandbox document, full size. Returns
   * false when the browser blocked the tab or nothing has run yet.
   */
  openInNewTab(): boolean {
    if (!this.last) return false;
    // Not noopener: the tab says hello to its opener to receive the code.
    const tab = window.open(this.frameUrl, '_blank');
    if (!tab) return false;
    this.tabs.set(tab, { ...this.last, runId: 0 });
    return true;
  }

  dispose(): void {
    clearInterval(this.timer);
    window.removeEventListener('message', this.onMessage);
    this.frame?.element.remove();
    this.frame = null;
    this.dropSpare();
    this.tabs.clear();
  }

  private createFrame(mode: RunMode, pending: RunMessage | null, hidden: boolean): LiveFrame {
    return createLiveFrame(this.container, this.frameUrl, { mode, pending, hidden });
  }

  /** Sends a run, and select mode with it when it is on (each run has a frame of its own). */
  private start(target: Window | null, message: RunMessage): void {
    target?.postMessage(message, '*');
    if (this.selecting) target?.postMessage(selectModeMessage(true), '*');
  }

  private promoteSpare(spare: LiveFrame, message: RunMessage): void {
    this.spares.delete(spare.mode as SpareMode);
    this.frame?.element.remove();
    setHidden(spare.element, false);
    spare.lastPong = performance.now();
    if (spare.ready) this.start(spare.element.contentWindow, message);
    else spare.pending = message;
    this.frame = spare;
  }

  private scheduleSpare(): void {
    if (this.spares.has('module') || this.spareTimer) return;
    this.spareTimer = setTimeout(() => {
      this.spareTimer = null;
      this.prepare();
    }, SPARE_DELAY_MS);
  }

  private dropSpare(): void {
    if (this.spareTimer) clearTimeout(this.spareTimer);
    this.spareTimer = null;
    for (const spare of this.spares.values()) spare.element.remove();
    this.spares.clear();
  }

  private readonly onMessage = (event: MessageEvent): void => {
    // Only the sandbox's own windows, which have an opaque origin.
    if (event.origin !== 'null' || event.source === null) return;
    const source = event.source as Window;
    const tabRun = this.tabs.get(source);
    if (tabRun) {
      if (readFrameMessage(event.data)?.type === 'hello') {
        source.postMessage(tabRun, '*');
        this.tabs.delete(source);
      }
      return;
    }
    for (const [mode, spare] of this.spares) {
      if (source !== spare.element.contentWindow) continue;
      if (readFrameMessage(event.data)?.type === 'hello') {
        spare.ready = true;
        source.postMessage({ tag: PREVIEW_MESSAGE_TAG, type: 'prepare', mode }, '*');
      }
      return;
    }
    const frame = this.frame;
    if (!frame || source !== frame.element.contentWindow) return;
    const message = readFrameMessage(event.data);
    if (!message) return;
    frame.lastPong = performance.now();
    if (message.type === 'hello') {
      frame.ready = true;
      if (frame.pending) {
        this.start(source, frame.pending);
        frame.pending = null;
      }
      return;
    }
    if (message.type === 'pong') return;
    if (message.runId !== this.runId) return;
    // A selection is heard only while the user is selecting: code in the frame cannot flood the
    // app with them, and one selection ends the mode (preview-panel.tsx).
    if ((message.type === 'select' || message.type === 'select-exit') && !this.selecting) return;
    if (message.type === 'status') frame.loadingPython = message.status === 'loading-python';
    if (message.type === 'status' && message.status === 'rendered' && frame.mode === 'module') {
      this.scheduleSpare();
    }
    this.events.onMessage(message);
  };

  private readonly watch = (): void => {
    const now = performance.now();
    // This page was busy past its next tick: neither pings nor answers were handled meanwhile.
    const stalled = now - this.lastWatch - this.pingMs;
    this.lastWatch = now;
    if (stalled > this.pingMs) {
      for (const f of [this.frame, ...this.spares.values()]) {
        if (!f) continue;
        f.createdAt += stalled;
        f.lastPong += stalled;
      }
    }
    for (const [mode, spare] of this.spares) {
      if (!spare.ready && now - spare.createdAt > this.startMs) {
        spare.element.remove();
        this.spares.delete(mode);
      }
    }
    const frame = this.frame;
    if (!frame) return;
    if (!frame.ready) {
      if (now - frame.createdAt > this.startMs) {
        this.clear();
        this.events.onHang('no-start');
      }
      return;
    }
    if (now - frame.lastPong > (frame.loadingPython ? this.startMs : this.watchdogMs)) {
      this.clear();
      this.events.onHang('unresponsive');
      return;
    }
    frame.element.contentWindow?.postMessage(
      { tag: PREVIEW_MESSAGE_TAG, type: 'ping', id: ++this.pingId },
      '*',
    );
  };
}
