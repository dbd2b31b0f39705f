/**
 * Public shapes of the SDK. The web app codes against these; the
 * implementation lives beside this file. camelCase here, snake_case on the wire.
 */
import type { PlanData, User, VerifyEmailResponse } from '@codewright/contract';
import type { CodewrightError } from './errors.ts';
import type { AccountSettingsClient } from './account/account-settings-client.ts';
import type { WorkspacesClient } from './workspaces/workspaces-client.ts';
import type { PlanInfo, PlanLimits, PlanName, SqlResult } from '@codewright/contract';
import type { PreviewBuildRequest, PreviewBuildResult } from '@codewright/contract';
import type {
  Version,
  VersionCommitBody,
  VersionDiff,
  VersionSource,
  VersionSummary,
} from '@codewright/contract';

export type { User, PlanData };
export type { PlanInfo, PlanLimits, PlanName, SqlResult };

/** Tokens as the SDK keeps them (SPEC §3 token set, camelCased). */
export interface Session {
  accessToken: string;
  refreshToken: string;
  tokenType: 'Bearer';
  expiresIn: number;
  refreshExpiresIn: number;
  /** Unix seconds when the server issued the set. */
  issuedAt: number;
}

/** Overall status for redirects (SPEC §4.1). */
export type AuthStatus = 'loading' | 'signed-out' | 'signed-in';

export interface AuthState {
  user: User | null;
  session: Session | null;
  isAuthenticated: boolean;
  isLoading: boolean;
  status: AuthStatus;
}

export type AuthStateListener = (state: AuthState) => void;

/** Minimal Storage the SDK needs; defaults to window.localStorage (memory when absent). */
export interface StorageLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export interface ClientOptions {
  /** Origin of the API; '' (default) means same origin as the page. */
  baseUrl?: string;
  /** The app project id used in /api/{module}/{project}/… paths. */
  projectId: string;
  /** Injected fetch (tests, SSR); defaults to globalThis.fetch. */
  fetch?: typeof fetch;
  /** Token persistence; defaults to localStorage. */
  storage?: StorageLike;
  /** Storage key for the token set. */
  storageKey?: string;
  /** Run the start-up sequence of SPEC §4.1 on creation (default true in a browser). */
  autoInitialize?: boolean;
  /** Parent-frame origins whose token hand-off is accepted (default: this page's origin only). */
  trustedParentOrigins?: string[];
  /** OAuth popup: how often to check it (default 1 s) and when to give up (default 30 s) — SPEC §9. */
  oauthPopupPollMs?: number;
  oauthPopupTimeoutMs?: number;
}

export interface SignUpParams {
  email: string;
  password: string;
  displayName?: string;
}

export interface SignInParams {
  email: string;
  password: string;
}

export interface UpdateUserParams {
  displayName?: string | null;
  /** JSON string; the server ignores any planData inside it. */
  metadata?: string;
}

export interface Provider {
  id: string;
  name: string;
}

export interface RequestOptions {
  signal?: AbortSignal;
}

/** The auth module (SPEC §7.1, §4.1). Methods throw CodewrightError subclasses. */
export interface AuthClient {
  /** Runs the SPEC §4.1 start sequence once; later calls return the same promise. */
  initialize(): Promise<AuthState>;
  getState(): AuthState;
  /** Calls `listener` now with the current state and on every change; returns an unsubscribe. */
  onAuthStateChange(listener: AuthStateListener): () => void;
  /** Creates an account; does not sign in (SPEC §4.2). */
  signUp(params: SignUpParams, options?: RequestOptions): Promise<User>;
  signInWithPassword(
    params: SignInParams,
    options?: RequestOptions,
  ): Promise<{ user: User; session: Session }>;
  /** Revokes the session on the server (best effort) and clears local tokens. */
  signOut(options?: RequestOptions): Promise<void>;
  /** The signed-in user from the server, or null; waits at most 5 s for start-up. */
  getCurrentUser(options?: RequestOptions): Promise<User | null>;
  updateUser(params: UpdateUserParams, options?: RequestOptions): Promise<User>;
  getProviders(options?: RequestOptions): Promise<Provider[]>;
  /** A valid access token (refreshed when within 30 s of expiry), or null when signed out. */
  getAccessToken(): Promise<string | null>;
  // ——— account flows (docs/decisions/006); see auth/account-client.ts ———
  /** Google or GitHub sign-in in a popup; full-page redirect when popups are blocked. */
  signInWithOAuth(params: {
    provider: string;
    redirectUrl?: string;
  }): Promise<{ user: User; session: Session }>;
  /** Mails a password reset link; the answer is the same whether or not the account exists. */
  requestPasswordReset(email: string, options?: RequestOptions): Promise<string>;
  confirmPasswordReset(
    params: { token: string; password: string },
    options?: RequestOptions,
  ): Promise<string>;
  changePassword(
    params: { oldPassword: string; newPassword: string },
    options?: RequestOptions,
  ): Promise<string>;
  verifyEmail(token: string, options?: RequestOptions): Promise<string>;
  /** The verify link with a proof of who registered the account, or `notMine` (DESIGN §3.16). */
  confirmEmail(
    token: string,
    proof?: { password?: string; notMine?: boolean },
    options?: RequestOptions,
  ): Promise<VerifyEmailResponse>;
  resendVerificationEmail(email?: string, options?: RequestOptions): Promise<string>;
  /** Mails a one-time sign-in link. */
  signInWithMagicLink(email: string, options?: RequestOptions): Promise<string>;
  /** The error of a failed start-up hand-off (expired magic link, OAuth failure in the URL), once. */
  takeStartError(): CodewrightError | null;
}

export interface StorageUploadOptions {
  /** Overwrite an existing file instead of failing with FILE_EXISTS. */
  upsert?: boolean;
  /** A hint only: the server detects the type from the first bytes. */
  contentType?: string;
  signal?: AbortSignal;
}

/** An uploaded file; `path` carries the extension the server corrected to the content. */
export interface StorageUploadResult {
  path: string;
  publicUrl: string;
  size: number;
  mimeType: string;
}

/**
 * The storage module (SPEC §5, §7.3). Files live under `uploads/{userId}/` (yours alone) or
 * `uploads/{workspaceId}/` (a workspace's: editors write, viewers read; docs/decisions/032).
 * Failures keep the catalogue codes FILE_EXISTS, FILE_NOT_FOUND and FILE_TOO_LARGE.
 */
export interface StorageClient {
  /**
   * Uploads a file (at most 50 MB; checked before sending).
   * @example
   * const { publicUrl } = await client.storage.upload(`uploads/${user.id}/${Date.now()}.png`, file, { upsert: true });
   */
  upload(path: string, file: Blob, options?: StorageUploadOptions): Promise<StorageUploadResult>;
  /** The bytes of one of your own files, or of a workspace you belong to. */
  download(path: string, options?: RequestOptions): Promise<Blob>;
  /** Removes your own files among `paths`; answers the paths actually removed. */
  remove(paths: string[], options?: RequestOptions): Promise<{ removed: string[] }>;
  /**
   * A URL to show or link one of your files, or a workspace's you belong to: plain for a public
   * folder (Free), signed and valid for one hour for a private one (Pro, Enterprise).
   * @example
   * const src = await client.storage.createUrl(`uploads/${workspaceId}/logo.png`);
   */
  createUrl(path: string, options?: RequestOptions): Promise<string>;
  /**
   * The plain public URL of an uploaded file (no request is made). It serves only files of a
   * public folder (Free); a private folder's file needs `createUrl` (or the upload's `publicUrl`).
   */
  getPublicUrl(path: string): string;
}

/** A saved project (SPEC §3). camelCase here; snake_case on the wire. */
export interface Project {
  id: string;
  userId: string;
  name: string;
  language: string;
  code: string;
  description: string | null;
  createdAt: string;
  updatedAt: string;
  /** The workspace it belongs to (docs/decisions/025). */
  workspaceId: string;
  /** DESIGN §2c: public projects have a share page; Free is always public. */
  visibility: 'public' | 'private';
  /** The share link's token: `/share?t=<shareToken>`. */
  shareToken: string;
  /** Who changed it last (a user id; null once that account is gone). */
  updatedBy: string | null;
}

/** A stored chat message (SPEC §3). */
export interface ChatMessageRecord {
  id: string;
  projectId: string;
  userId: string;
  role: 'user' | 'assistant';
  content: string;
  codeSnapshot: string | null;
  createdAt: string;
  /** The context a user message was sent with (kind, title, source); null or absent without. */
  context?: { kind: 'web' | 'document' | 'image'; title: string; source: string }[] | null;
}

/** A CTA click (SPEC §3); userId is null for visitors who are not signed in. */
export interface CtaInteraction {
  id: string;
  userId: string | null;
  ctaName: string;
  page: string;
  timestamp: string;
}

/** Row type per table name (table names as on the wire). */
export interface TableRows {
  projects: Project;
  chat_messages: ChatMessageRecord;
  cta_interactions: CtaInteraction;
}

export type FilterScalar = string | number | boolean | null;

export interface OrderOptions {
  /** Default true. */
  ascending?: boolean;
  nullsFirst?: boolean;
}

/**
 * A query on one table, run when awaited (→ rows, camelCase). Column names may
 * be camelCase or snake_case. Reads, updates and deletes only ever touch your own rows.
 * @example
 * const projects = await client.db.from('projects').select('*').eq('userId', user.id).order('updatedAt', { ascending: false });
 */
export interface QueryBuilder<Row> extends PromiseLike<Row[]> {
  select(columns?: string): this;
  eq(column: string, value: FilterScalar): this;
  neq(column: string, value: FilterScalar): this;
  gt(column: string, value: FilterScalar): this;
  gte(column: string, value: FilterScalar): this;
  lt(column: string, value: FilterScalar): this;
  lte(column: string, value: FilterScalar): this;
  like(column: string, pattern: string): this;
  ilike(column: string, pattern: string): this;
  in(column: string, values: readonly FilterScalar[]): this;
  is(column: string, value: null | boolean): this;
  order(column: string, options?: OrderOptions): this;
  limit(count: number): this;
  /** Rows from..to, both included, from 0. */
  range(from: number, to: number): this;
  abortSignal(signal: AbortSignal): this;
  /** Inserts a row or rows (ids made client-side when missing, e.g. `proj_<Date.now()>_<random>`). */
  insert(rows: Partial<Row> | Partial<Row>[]): this;
  /** Changes the filtered rows; needs a filter such as `.eq('id', id)`. */
  update(patch: Partial<Row>): this;
  /** Deletes the filtered rows; needs a filter such as `.eq('id', id)`. */
  delete(): this;
}

export interface SqlStatement {
  query: string;
  params?: unknown[];
}

/** The database module (SPEC §7.3). Failures keep codes such as PROJECT_LIMIT_REACHED, VALIDATION_ERROR, FORBIDDEN. */
export interface DbClient {
  from<T extends keyof TableRows>(table: T): QueryBuilder<TableRows[T]>;
  /** Admin role only (FORBIDDEN otherwise). */
  sql(query: string, params?: unknown[], options?: RequestOptions): Promise<SqlResult>;
  /** Admin role only. `transaction`: all or nothing; `pipeline`: each on its own. */
  batch(
    statements: SqlStatement[],
    mode?: 'transaction' | 'pipeline',
    options?: RequestOptions,
  ): Promise<{ results: (SqlResult | { error: { message: string } })[] }>;
}

/** The live preview's build (docs/api.md § Preview; docs/decisions/019). */
export interface PreviewClient {
  /**
   * Builds JavaScript or TypeScript into one ES module for the preview's sandbox. A problem
   * in the code is an answer with `ok: false` and its errors (with lines), not a throw.
   *
   * @example
   * const result = await client.preview.build({ code, language: 'typescript' });
   * if (!result.ok) console.log(result.errors[0]?.line, result.errors[0]?.message);
   */
  build(input: PreviewBuildRequest, options?: RequestOptions): Promise<PreviewBuildResult>;
}

/** The plan module (DESIGN §2b): limits -1 mean unlimited. */
export interface PlanClient {
  get(options?: RequestOptions): Promise<PlanInfo>;
  /** Sets the plan directly (self-serve, no payment) and answers the new PlanInfo. */
  upgrade(plan: PlanName, options?: RequestOptions): Promise<PlanInfo>;
}

export interface CodewrightClient {
  readonly projectId: string;
  readonly auth: AuthClient;
  readonly db: DbClient;
  readonly plan: PlanClient;
  readonly storage: StorageClient;
  readonly ai: AiClient & AiMediaClient;
  readonly versions: VersionsClient;
  readonly data: DataClient;
  readonly preview: PreviewClient;
  /** The Settings screen's Account group: sessions, export, deletion (account/account-settings-client.ts). */
  readonly account: AccountSettingsClient;
  /** Workspaces, members, invitations, share links, and `hasRole` / `can` (workspaces/workspaces-client.ts). */
  readonly workspaces: WorkspacesClient;
}

// ——— ai; see ai/ai-client.ts and docs/api.md § AI ———

export interface AiStatusResult {
  configured: boolean;
  provider: string | null;
  model: string | null;
  /** True when this caller's plan gets the Advanced model. */
  advanced: boolean;
}

export interface AiChatMessage {
  role: 'user' | 'assistant' | 'system';
  content: string;
}

export interface AiTextParams {
  prompt?: string;
  messages?: AiChatMessage[];
  /** 1..2000 (default 2000). */
  maxTokens?: number;
  /**
   * The meter this call is charged to: `'edit'` for a prompt that changes existing code,
   * else `'generation'` (the default — every call is charged to one meter; `aiMeterFor(code)`
   * of @codewright/contract picks it). Reserved before the call; refunded on failure or a
   * Stop before any code arrived.
   */
  meter?: 'generation' | 'edit';
  /** Public URLs (or paths) of your own uploads; they reach the model as images. */
  imageUrls?: string[];
  /**
   * The `answerId` of a charged, complete edit whose SEARCH/REPLACE blocks failed: this call is
   * the edit engine's one retry (last message: the retry message) and costs no second edit.
   */
  retryOf?: string;
  /**
   * The saved project this call works on: the caller needs a role that may generate there, and
   * the call counts against its workspace's plan (the owner's), not the caller's own.
   */
  projectId?: string;
  /** Abort = Stop: the request and the model call end; the promise rejects with the signal's reason. */
  signal?: AbortSignal;
}

export interface AiUsageInfo {
  inputTokens?: number;
  outputTokens?: number;
  totalTokens?: number;
}

export interface AiStreamParams extends AiTextParams {
  /** Called for each piece of text: the new piece and the whole text so far. */
  onDelta?: (delta: string, text: string) => void;
  /**
   * Abort = Stop that keeps the connection: the server ends the answer at a chunk boundary and
   * the call resolves with what arrived, `finishReason: 'stopped'` and the server's `charged`
   * (docs/api.md § AI "Stop"). `signal`, by contrast, drops the connection and rejects.
   */
  stopSignal?: AbortSignal;
}

/** What `streamText` resolves with. */
export interface AiStreamResult {
  text: string;
  /** The model's reason (`stop`, `length`, …), or `stopped` after `stopSignal`. */
  finishReason: string;
  /** The answer's id (the `{answerId}` of Stop). */
  answerId?: string;
  /** Whether the meter's unit stays charged: true for a complete answer; after a Stop, true exactly when code had begun. */
  charged?: boolean;
}

/**
 * The AI module (SPEC §7.1, DESIGN §2b). Failure answers reject with `AiError` (SPEC §8.1: a
 * family of its own; a 401 stays an AuthError, no answer at all is a NetworkError) with the
 * codes GENERATION_LIMIT_REACHED / EDIT_LIMIT_REACHED (402), AI_STREAM_LIMIT_REACHED
 * (429, `streamText` while this user already streams the most answers at once),
 * AI_NOT_CONFIGURED (503), AI_PROVIDER_ERROR (502), or the signal's AbortError when stopped.
 */
export interface AiClient {
  status(options?: RequestOptions): Promise<AiStatusResult>;
  generateText(
    params: AiTextParams,
  ): Promise<{ text: string; finishReason: string; usage?: AiUsageInfo }>;
  streamText(params: AiStreamParams): Promise<AiStreamResult>;
}

// ——— versions (version control); see versions/versions-client.ts and docs/api.md § Versions ———

export type { Version, VersionCommitBody, VersionDiff, VersionSource, VersionSummary };

/**
 * The history of a saved project: list, read, diff, restore, label, and commit new code with
 * what made it. Rejects with code FEATURE_NOT_IN_PLAN (403) on Free, NOT_FOUND (404) for a
 * project or version the caller cannot see, VALIDATION_ERROR (400) for bad input.
 */
export interface VersionsClient {
  /** Newest first, without code; `limit` 1–1000 (default 1000), `before` a version number. */
  list(
    projectId: string,
    options?: RequestOptions & { limit?: number; before?: number },
  ): Promise<VersionSummary[]>;
  /** One version with its code. */
  get(projectId: string, versionId: string, options?: RequestOptions): Promise<Version>;
  /** Both versions with code and the hunks from `fromId` to `toId` (computed on the server). */
  diff(
    projectId: string,
    fromId: string,
    toId: string,
    options?: RequestOptions,
  ): Promise<VersionDiff>;
  /** Makes that version's code the project's code again, as a new version (source `restore`). */
  restore(projectId: string, versionId: string, options?: RequestOptions): Promise<Version>;
  /** Names a version as a checkpoint; null clears the name. */
  label(
    projectId: string,
    versionId: string,
    label: string | null,
    options?: RequestOptions,
  ): Promise<VersionSummary>;
  /**
   * Sets the project's code and records it as a version with its source (`generation`, `edit`,
   * `fix`, `save`, `upload`) and prompt. `created` is false when the code equals the newest
   * version, which is answered instead.
   */
  commit(
    projectId: string,
    input: VersionCommitBody,
    options?: RequestOptions,
  ): Promise<{ version: Version; created: boolean }>;
}

// ——— ai object, image, speech, transcribe; see ai/ai-media-client.ts and docs/api.md § AI ———

import type {
  AiCapabilitiesInfo,
  AiImageResult,
  AiStoredImage,
  AiTranscriptionResult,
  DataCapabilitiesInfo,
  DataExtractResult,
  DataFetchResult,
  DataScrapeResult,
  DataSearchResult,
  PageMetadata,
} from '@codewright/contract';

export type {
  AiCapabilitiesInfo,
  AiImageResult,
  AiStoredImage,
  AiTranscriptionResult,
  DataCapabilitiesInfo,
  DataExtractResult,
  DataFetchResult,
  DataScrapeResult,
  DataSearchResult,
  PageMetadata,
};

/** Every AI call is charged to one meter (`generation` by default); failures are refunded. */
interface MeteredParams {
  meter?: 'generation' | 'edit';
  signal?: AbortSignal;
}

export interface AiObjectParams extends MeteredParams {
  /** What to make (SPEC §5: required). */
  prompt: string;
  /** A JSON Schema object; the answer is validated against it on the server. */
  schema: Record<string, unknown>;
  system?: string;
}

export interface AiImageParams extends MeteredParams {
  prompt: string;
  /** Modify these images: 1–50 https URLs ending in jpg, jpeg, png, gif or webp (SPEC §5). */
  imageUrls?: string[];
  /** `WIDTHxHEIGHT`, e.g. `1024x1024`. */
  size?: string;
  /** 1–4 images (one unit of the meter per call). */
  n?: number;
  /** The saved project the image is for: stored in its workspace, counted on its workspace's plan. */
  projectId?: string;
}

export interface AiSpeechParams extends MeteredParams {
  text: string;
  /** Default `alloy` (SPEC §9). */
  voice?: string;
  /** Default `mp3` (SPEC §9). */
  format?: 'mp3' | 'opus' | 'aac' | 'flac' | 'wav' | 'pcm';
  /** The saved project it is for: counted on its workspace's plan. */
  projectId?: string;
}

export interface AiTranscribeParams extends MeteredParams {
  /** The recording (mp3, wav, webm, ogg, flac, m4a), at most 25 MB. */
  audio: Blob;
  /** The saved project it is for: counted on its workspace's plan. */
  projectId?: string;
}

/**
 * AI object, image, speech and transcription (DESIGN §2c). Failures reject with `AiError`
 * (SPEC §8.1: a family of its own; a 401 stays an AuthError) whose `code` is VALIDATION_ERROR,
 * GENERATION_LIMIT_REACHED / EDIT_LIMIT_REACHED, URL_NOT_ALLOWED, URL_FETCH_FAILED,
 * FILE_TOO_LARGE, AI_NOT_CONFIGURED or AI_PROVIDER_ERROR.
 */
export interface AiMediaClient {
  /** Which AI calls this server can answer (a capability without a provider is false). */
  capabilities(options?: RequestOptions): Promise<AiCapabilitiesInfo>;
  /**
   * An object valid against `schema`.
   * @example
   * const { object } = await client.ai.object<{ name: string }>({ prompt: 'Name a cat', schema: { type: 'object', properties: { name: { type: 'string', maxLength: 40 } }, required: ['name'] } });
   */
  object<T = unknown>(params: AiObjectParams): Promise<{ object: T; usage?: AiUsageInfo }>;
  /** Generates (or modifies) images; they are stored in your storage. */
  image(params: AiImageParams): Promise<AiImageResult>;
  /** Text as audio (a Blob with its content type). */
  speech(params: AiSpeechParams): Promise<Blob>;
  /** The text of a recording. */
  transcribe(params: AiTranscribeParams): Promise<AiTranscriptionResult>;
}

// ——— data services; see data-services/data-client.ts and docs/api.md § Data ———

export interface DataScrapeParams extends MeteredParams {
  url: string;
  /** Also make an object with this schema from the page (an AI object call, metered). */
  extract?: { schema: Record<string, unknown>; prompt?: string };
}

export interface DataScreenshotParams {
  url: string;
  /** 320–1920, default 1280. */
  width?: number;
  /** 240–2160, default 800. */
  height?: number;
  fullPage?: boolean;
  signal?: AbortSignal;
}

export interface DataSearchParams {
  query: string;
  /** Default `en` (SPEC §9). */
  language?: string;
  /** 1–20, default 10. */
  limit?: number;
  signal?: AbortSignal;
}

/**
 * Data services (DESIGN §2c). The server fetches only public http(s) addresses (DESIGN §3.14).
 * Failures reject with `DataError` (a 401 stays an AuthError) whose `code` is VALIDATION_ERROR,
 * URL_NOT_ALLOWED (the message says why), URL_FETCH_FAILED, UNSUPPORTED_MEDIA_TYPE,
 * FILE_TOO_LARGE, DATA_NOT_CONFIGURED, DATA_PROVIDER_ERROR, or an AI code for `extract`.
 */
export interface DataClient {
  /** Which data services this server offers (screenshot needs Chromium, search a provider). */
  capabilities(options?: RequestOptions): Promise<DataCapabilitiesInfo>;
  /** A GET of a public URL: final URL, status, headers and the text body. */
  fetch(url: string, options?: RequestOptions): Promise<DataFetchResult>;
  /**
   * A page as Markdown (its readable content), with html, metadata and absolute links.
   * @example
   * const { markdown, metadata } = await client.data.scrape({ url: 'https://example.org/' });
   */
  scrape(params: DataScrapeParams): Promise<DataScrapeResult>;
  /** Text and metadata of the HTML page, PDF, Markdown or text file at a URL. */
  extractFromUrl(url: string, options?: RequestOptions): Promise<DataExtractResult>;
  /** Text and metadata of a file (HTML, PDF, Markdown or text; at most 10 MB). */
  extractFromBlob(file: Blob, options?: RequestOptions): Promise<DataExtractResult>;
  /** A PNG of a page (a Blob). */
  screenshot(params: DataScreenshotParams): Promise<Blob>;
  search(params: DataSearchParams): Promise<DataSearchResult>;
}
