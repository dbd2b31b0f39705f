import type { WebhookDelivery, WebhookEvent } from '@codewright/contract';
import type { BadgeTone } from '../../../components/ui/badge.tsx';

/** How each event reads on screen, in the order the form offers them. */
export const EVENT_LABELS: Record<WebhookEvent, string> = {
  'project.created': 'Project created',
  'project.updated': 'Project updated',
  'project.deleted': 'Project deleted',
  'version.created': 'Version saved',
  'generation.finished': 'AI answer finished',
  'member.joined': 'Member joined',
  'member.left': 'Member left',
};

/** A delivery's status as a badge: the word carries it, the colour only adds to it. */
export const STATUS_BADGES: Record<WebhookDelivery['status'], { label: string; tone: BadgeTone }> =
  {
    succeeded: { label: 'Succeeded', tone: 'success' },
    failed: { label: 'Failed', tone: 'danger' },
    pending: { label: 'Pending', tone: 'warning' },
  };

/** Where a receiver reads how to check a delivery's signature. */
export const STANDARD_WEBHOOKS_URL = 'https://www.standardwebhooks.com/';
