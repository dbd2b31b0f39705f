/**
 * Public shapes of the SDK. The web app codes against these; the
 * implementation lives beside this file. camelCase here, snake_case on the wire.
 */
import type { PlanData, User } from '@codewright/contract';
import type { CodewrightError } from './errors.ts';
import type { PlanInfo, PlanLimits, PlanName, SqlResult } from '@codewright/contract';

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
  // ——— account flows (issue 6); see auth/account-client.ts ———
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
 * The storage module (SPEC §5, §7.3). Files live under `uploads/{userId}/`.
 * Failures keep the catalogue codes FILE_EXISTS, FILE_NOT_FOUND and FILE_TOO_LARGE.
 */
export interface StorageClient {
  /**
   * Uploads a file (at most 50 MB; checked before sending).
   * @example
   * const { publicUrl } = await client.storage.upload(`uploads/${user.id}/${Date.now()}.png`, file, { upsert: true });
   */
  upload(path: string, file: Blob, options?: StorageUploadOptions): Promise<StorageUploadResult>;
  /** The bytes of one of your own files. */
  download(path: string, options?: RequestOptions): Promise<Blob>;
  /** Removes your own files among `paths`; answers the paths actually removed. */
  remove(paths: string[], options?: RequestOptions): Promise<{ removed: string[] }>;
  /** The public URL of an uploaded file (no request is made). */
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
  readonly ai: AiClient;
}

// ——— ai (issue 4); see ai/ai-client.ts and docs/api.md § AI ———

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
}

/**
 * The AI module (SPEC §7.1, DESIGN §2b). Failures reject with CodewrightError
 * codes GENERATION_LIMIT_REACHED / EDIT_LIMIT_REACHED (402), AI_STREAM_LIMIT_REACHED
 * (429, `streamText` while this user already streams the most answers at once),
 * AI_NOT_CONFIGURED (503), AI_PROVIDER_ERROR (502), or the signal's AbortError when stopped.
 */
export interface AiClient {
  status(options?: RequestOptions): Promise<AiStatusResult>;
  generateText(
    params: AiTextParams,
  ): Promise<{ text: string; finishReason: string; usage?: AiUsageInfo }>;
  streamText(params: AiStreamParams): Promise<{ text: string; finishReason: string }>;
}
