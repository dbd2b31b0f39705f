import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { BACKEND_UPLOAD_MAX_BYTES, PLAN_LIMITS } from '@codewright/contract';
import { TtlCache } from '../../lib/ttl-cache.ts';
import { LocalDiskBackend } from './local-disk-backend.ts';
import { S3Backend } from './s3-backend.ts';
import type { StorageBackend } from './storage-backend.ts';
import type { S3Settings } from './storage.env.ts';
import { storageRepository } from './storage.repository.ts';
import { createStorageService, type StorageService } from './storage.service.ts';
import { createUrlSigner } from './url-signing.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The app's one storage service (CONVENTIONS habit 11): uploads, downloads, public files,
     * and files the server makes for a user (AI images). No module opens a backend of its own.
     */
    storage: StorageService;
  }
}

/**
 * How long a folder's privacy (its plan) is remembered: a plain `/public/` request costs no
 * query while it lasts. A plan change on this server clears it at once; a workspace handed to
 * an owner on another plan reaches plain URLs within this time (docs/decisions/037).
 */
export const FOLDER_PRIVACY_CACHE_MS = 10_000;

export interface StoragePluginOptions {
  /** DATA_DIR: files go under DATA_DIR/uploads/ (docs/decisions/005). */
  dataDir: string;
  /** The server's secret (lib/secret.ts); the key signing private files' URLs is derived from it. */
  secret: string;
  /** Milliseconds since 1970 (tests inject a clock to expire signed URLs); default Date.now. */
  now?: () => number;
  /** STORAGE=s3: the bucket (storage.env.ts `s3SettingsOf`); local disk under dataDir without. */
  s3?: S3Settings | null;
  /** Another backend (tests); otherwise chosen by `s3`. */
  backend?: StorageBackend;
  maxBytes?: number;
}

/** Decorates `app.storage` once for every module (routes of other modules run in sibling scopes). */
async function storagePlugin(app: FastifyInstance, options: StoragePluginOptions) {
  const backend: StorageBackend =
    options.backend ??
    (options.s3
      ? await S3Backend.open(options.s3, options.dataDir)
      : await LocalDiskBackend.open(options.dataDir));
  app.addHook('onClose', async () => backend.close?.());
  const now = options.now ?? Date.now;
  const privacy = new TtlCache<string, boolean>(FOLDER_PRIVACY_CACHE_MS);
  // A plan change can turn the user's folder and every workspace they own private or public;
  // plan changes are rare, so all is forgotten rather than tracking who owns what.
  app.planService.onPlanChanged(() => privacy.deleteWhere(() => true));
  async function folderIsPrivate(folder: string): Promise<boolean> {
    const at = now();
    const known = privacy.get(folder, at);
    if (known !== undefined) return known;
    const plan = await storageRepository.planOfFolder(app.db, folder);
    // No such workspace or user: nothing to serve publicly (fail closed).
    const isPrivate = plan === null || PLAN_LIMITS[plan].privateProjects;
    privacy.set(folder, isPrivate, at);
    return isPrivate;
  }
  app.decorate(
    'storage',
    createStorageService({
      backend,
      maxBytes: options.maxBytes ?? BACKEND_UPLOAD_MAX_BYTES,
      signer: createUrlSigner({ secret: options.secret, now }),
      folderIsPrivate,
    }),
  );
}

export default fp(storagePlugin, { name: 'storage', dependencies: ['db', 'plan'] });
