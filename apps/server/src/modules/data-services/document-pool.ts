/**
 * A small pool of document workers (document-worker.mjs): HTML → Markdown, metadata and links;
 * PDF → text and info. Parsing runs off the event loop, a job past its time limit ends its
 * worker (a replacement starts on demand), and a worker's heap is capped, so a hostile page or
 * PDF costs a worker, never the server (docs/decisions/018).
 */
import os from 'node:os';
import { Worker } from 'node:worker_threads';
import type { PageMetadata } from '@codewright/contract';
import { AppError } from '../../lib/app-error.ts';

export interface HtmlReading {
  markdown: string;
  metadata: PageMetadata;
  links: string[];
}

export interface PdfReading {
  text: string;
  pages: number;
  title: string | null;
  author: string | null;
  description: string | null;
  language: string | null;
}

interface Job {
  id: number;
  task: 'html' | 'pdf';
  input: unknown;
  transfer: ArrayBuffer[];
  resolve: (value: unknown) => void;
  reject: (err: unknown) => void;
}

interface Slot {
  worker: Worker;
  job: Job | null;
  timer: NodeJS.Timeout | null;
}

export interface DocumentPoolOptions {
  /** Workers at most (default: 2, or 1 on a single core). */
  size?: number;
  /** A job running longer is stopped (its worker ended). */
  timeoutMs: number;
  /** Heap cap of each worker. */
  maxHeapMb?: number;
}

const WORKER_URL = new URL('./document-worker.mjs', import.meta.url);

/** Starts workers on demand; `close()` ends them. */
export function createDocumentPool(options: DocumentPoolOptions) {
  const size = options.size ?? Math.min(2, os.availableParallelism());
  const slots = new Set<Slot>();
  const queue: Job[] = [];
  let nextId = 1;
  let closed = false;

  const tooSlow = () =>
    new AppError(
      'VALIDATION_ERROR',
      400,
      `The document took longer than ${options.timeoutMs / 1000} s to read and was given up; try a smaller one.`,
    );

  function finish(slot: Slot, settle: (job: Job) => void) {
    const job = slot.job;
    if (slot.timer) clearTimeout(slot.timer);
    slot.job = null;
    slot.timer = null;
    if (job) settle(job);
    pump();
  }

  function retire(slot: Slot, reason: () => unknown) {
    slots.delete(slot);
    void slot.worker.terminate();
    finish(slot, (job) => job.reject(reason()));
  }

  function spawn(): Slot {
    const worker = new Worker(WORKER_URL, {
      resourceLimits: { maxOldGenerationSizeMb: options.maxHeapMb ?? 512 },
    });
    worker.unref();
    const slot: Slot = { worker, job: null, timer: null };
    worker.on('message', (message: { id: number; output?: unknown; error?: string } | null) => {
      // Run by the worker machinery: a malformed message must not throw out of here.
      if (typeof message !== 'object' || message === null || slot.job?.id !== message.id) return;
      finish(slot, (job) =>
        message.error !== undefined
          ? job.reject(
              new AppError(
                'VALIDATION_ERROR',
                400,
                `The document could not be read: ${message.error.slice(0, 300)}`,
              ),
            )
          : job.resolve(message.output),
      );
    });
    worker.on('error', () =>
      retire(
        slot,
        () =>
          new AppError(
            'VALIDATION_ERROR',
            400,
            'The document could not be read (it needed too much memory).',
          ),
      ),
    );
    worker.on('exit', () => {
      if (slots.has(slot)) retire(slot, () => new AppError('INTERNAL_ERROR', 500));
    });
    slots.add(slot);
    return slot;
  }

  function pump() {
    while (queue.length > 0 && !closed) {
      let slot = [...slots].find((s) => s.job === null);
      if (!slot && slots.size < size) slot = spawn();
      if (!slot) return;
      const job = queue.shift() as Job;
      slot.job = job;
      const running = slot;
      slot.timer = setTimeout(() => retire(running, tooSlow), options.timeoutMs);
      slot.worker.postMessage({ id: job.id, task: job.task, input: job.input }, job.transfer);
    }
  }

  function run<T>(task: Job['task'], input: unknown, transfer: ArrayBuffer[] = []): Promise<T> {
    if (closed) return Promise.reject(new AppError('SERVICE_UNAVAILABLE', 503));
    return new Promise<T>((resolve, reject) => {
      queue.push({
        id: nextId++,
        task,
        input,
        transfer,
        resolve: resolve as (v: unknown) => void,
        reject,
      });
      pump();
    });
  }

  return {
    /** Markdown of the readable content, metadata and absolute links of an HTML page at `url`. */
    html: (html: string, url: string) => run<HtmlReading>('html', { html, url }),
    /** Text and document info of a PDF. */
    pdf: (bytes: Uint8Array) => {
      const copy = new Uint8Array(bytes);
      return run<PdfReading>('pdf', { bytes: copy }, [copy.buffer as ArrayBuffer]);
    },
    async close() {
      closed = true;
      for (const job of queue.splice(0)) job.reject(new AppError('SERVICE_UNAVAILABLE', 503));
      await Promise.all([...slots].map((s) => s.worker.terminate()));
      slots.clear();
    },
  };
}

export type DocumentPool = ReturnType<typeof createDocumentPool>;
