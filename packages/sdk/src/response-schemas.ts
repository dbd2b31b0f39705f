/**
 * The contract schemas the SDK checks server answers against. Loaded on demand by response.ts, so
 * zod stays out of the JavaScript a page needs to start (SPEC §9 landing budget).
 */
export {
  AccountMessageResponseSchema,
  disableSchemaJit,
  OAuthMessageSchema,
  PlanInfoSchema,
  ProvidersResponseSchema,
  RemoveResultSchema,
  SessionResponseSchema,
  UploadResultSchema,
  UserSchema,
} from '@codewright/contract';
