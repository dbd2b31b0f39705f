/**
 * Webhooks of a workspace (Enterprise, issue 49): the events they may ask for and the wire
 * shapes of /api/integrations/webhooks. Deliveries follow the Standard Webhooks layout
 * (webhook-id, webhook-timestamp, webhook-signature: `v1,<base64 HMAC-SHA256>`).
 */
import { z } from 'zod';

export const WEBHOOK_EVENTS = [
  'project.created',
  'project.updated',
  'project.deleted',
  'version.created',
  'generation.finished',
  'member.joined',
  'member.left',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** Webhooks a workspace may hold. */
export const WEBHOOKS_PER_WORKSPACE_MAX = 10;
export const WEBHOOK_URL_MAX_LENGTH = 2000;
/** How long the previous secret keeps signing after a rotation. */
export const WEBHOOK_ROTATION_GRACE_HOURS = 24;
/** Deliveries a log shows, newest first. */
export const WEBHOOK_LOG_LENGTH = 50;

const WebhookUrlSchema = z
  .string()
  .trim()
  .max(WEBHOOK_URL_MAX_LENGTH, `must be at most ${WEBHOOK_URL_MAX_LENGTH} characters`)
  .refine((v) => /^https?:\/\/[^\s]+$/i.test(v) && URL.canParse(v), {
    message: 'must be an http:// or https:// URL',
  });
const EventsSchema = z
  .array(z.enum(WEBHOOK_EVENTS, { message: `must be one of ${WEBHOOK_EVENTS.join(', ')}` }))
  .min(1, 'must name at least one event')
  .max(WEBHOOK_EVENTS.length)
  .refine((events) => new Set(events).size === events.length, 'must name each event once');

export const WebhookSchema = z.object({
  id: z.string(),
  workspaceId: z.string(),
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  createdAt: z.string(),
  /** Until when the secret before the last rotation still signs, or null. */
  previousSecretUntil: z.string().nullable(),
});
export type Webhook = z.infer<typeof WebhookSchema>;
export const WebhookListSchema = z.object({ webhooks: z.array(WebhookSchema) });

export const CreateWebhookBodySchema = z.strictObject({
  workspaceId: z.string().min(1, 'is required').max(200),
  url: WebhookUrlSchema,
  events: EventsSchema,
});
export type CreateWebhookBody = z.infer<typeof CreateWebhookBodySchema>;
export const UpdateWebhookBodySchema = z
  .strictObject({ url: WebhookUrlSchema.optional(), events: EventsSchema.optional() })
  .refine((b) => b.url !== undefined || b.events !== undefined, 'send url or events to change');
export type UpdateWebhookBody = z.infer<typeof UpdateWebhookBodySchema>;

/** A webhook with its signing secret (`whsec_…`), shown when it is made and when rotated. */
export const WebhookWithSecretSchema = z.object({ webhook: WebhookSchema, secret: z.string() });
export type WebhookWithSecret = z.infer<typeof WebhookWithSecretSchema>;

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export const WebhookDeliverySchema = z.object({
  id: z.string(),
  event: z.enum(WEBHOOK_EVENTS),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number().int(),
  /** The receiver's last HTTP status, or null when it was not reached. */
  responseStatus: z.number().int().nullable(),
  /** Why the last attempt failed, or null. */
  error: z.string().nullable(),
  createdAt: z.string(),
  lastAttemptAt: z.string().nullable(),
  durationMs: z.number().int().nullable(),
});
export type WebhookDelivery = z.infer<typeof WebhookDeliverySchema>;
export const WebhookDeliveryListSchema = z.object({ deliveries: z.array(WebhookDeliverySchema) });

export const WEBHOOK_MESSAGES = {
  tooMany: `A workspace can hold at most ${WEBHOOKS_PER_WORKSPACE_MAX} webhooks; delete one first.`,
  notFound: 'No such webhook.',
  deliveryNotFound: 'No such delivery of this webhook.',
} as const;
