import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { BACKEND_UPLOAD_MAX_BYTES } from '@codewright/contract';
import { LocalDiskBackend } from './local-disk-backend.ts';
import type { StorageBackend } from './storage-backend.ts';
import { createStorageService, type StorageService } from './storage.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The app's one storage service (CONVENTIONS habit 11): uploads, downloads, public files,
     * and files the server makes for a user (AI images). No module opens a backend of its own.
     */
    storage: StorageService;
  }
}

export interface StoragePluginOptions {
  /** DATA_DIR: files go under DATA_DIR/uploads/ (docs/decisions/005). */
  dataDir: string;
  /** Another backend (an S3-compatible store later); local disk under dataDir by default. */
  backend?: StorageBackend;
  maxBytes?: number;
}

/** Decorates `app.storage` once for every module (routes of other modules run in sibling scopes). */
async function storagePlugin(app: FastifyInstance, options: StoragePluginOptions) {
  const backend = options.backend ?? (await LocalDiskBackend.open(options.dataDir));
  app.decorate(
    'storage',
    createStorageService({ backend, maxBytes: options.maxBytes ?? BACKEND_UPLOAD_MAX_BYTES }),
  );
}

export default fp(storagePlugin, { name: 'storage' });
