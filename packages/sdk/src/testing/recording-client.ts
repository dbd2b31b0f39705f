/** A client for the SDK's unit tests whose fetch records each request and answers as told. */
import { createClient } from '../client.ts';

/** One request the client sent. */
export interface Sent {
  url: string;
  method: string;
  headers: Headers;
  body: unknown;
}

/** A client whose fetch records requests in `sent` and answers with `reply` (a 500 by default). */
export function clientWith(
  reply: (sent: Sent) => Response = () => new Response('{}', { status: 500 }),
) {
  const sent: Sent[] = [];
  const client = createClient({
    projectId: 'codewright',
    baseUrl: 'https://cw.test',
    autoInitialize: false,
    fetch: async (input, init) => {
      const record = {
        url: String(input),
        method: init?.method ?? 'GET',
        headers: new Headers(init?.headers),
        body: init?.body,
      };
      sent.push(record);
      return reply(record);
    },
  });
  return { client, sent };
}

/** A JSON answer with `status`. */
export const jsonResponse = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
