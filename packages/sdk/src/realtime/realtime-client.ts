/**
 * `client.realtime`: the channels of projects and workspaces (SPEC §7.3; DESIGN §2c; docs/api.md
 * § Realtime). Publishing needs a role that may write there (FORBIDDEN 403); a channel the caller
 * may not read rejects with NOT_FOUND (404), like one that does not exist.
 */
import type { RealtimeMessage } from '@codewright/contract';
import { parseResponse } from '../response.ts';
import type { HttpClient } from '../http.ts';
import type { RequestOptions } from '../request-options.ts';

export interface RealtimeClient {
  /**
   * Sends `event` with a JSON object to everyone on `channel` (`project:<id>` or
   * `workspace:<id>`); resolves with the message as the server kept it.
   * @example await client.realtime.publish(`project:${id}`, 'project.saved', { name });
   */
  publish(
    channel: string,
    event: string,
    payload: Record<string, unknown>,
    options?: RequestOptions,
  ): Promise<RealtimeMessage>;
  /** The messages the channel kept after `since` (all when absent), oldest first; `limit` ≤ 100. */
  messages(
    channel: string,
    options?: RequestOptions & { since?: string; limit?: number },
  ): Promise<RealtimeMessage[]>;
}

/** Builds `client.realtime`. */
export function createRealtimeClient(options: {
  http: HttpClient;
  projectId: string;
}): RealtimeClient {
  const { http } = options;
  const base = `/api/realtime/${encodeURIComponent(options.projectId)}`;
  return {
    async publish(channel, event, payload, request = {}) {
      const body = await http({
        method: 'POST',
        path: `${base}/publish`,
        body: { channel, event, payload },
        signal: request.signal,
      });
      return parseResponse('RealtimeMessageSchema', body);
    },
    async messages(channel, request = {}) {
      const body = await http({
        path: `${base}/messages`,
        query: { channel, since: request.since, limit: request.limit },
        signal: request.signal,
      });
      return (await parseResponse('RealtimeMessageListSchema', body)).messages;
    },
  };
}
