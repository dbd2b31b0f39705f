import type { FastifyInstance } from 'fastify';
import type { PlanInfo } from '@codewright/contract';

/** The caller's usage counters, as GET /api/plan reports them. */
export async function usageOf(app: FastifyInstance, token: string): Promise<PlanInfo['usage']> {
  const res = await app.inject({
    method: 'GET',
    url: '/api/plan',
    headers: { authorization: `Bearer ${token}` },
  });
  return res.json<PlanInfo>().usage;
}

/** POST /api/ai/codewright/{path} with a JSON body, as the user whose token is given. */
export function postAi(app: FastifyInstance, token: string, path: string, payload: unknown) {
  return app.inject({
    method: 'POST',
    url: `/api/ai/codewright/${path}`,
    headers: { authorization: `Bearer ${token}` },
    payload: payload as Record<string, unknown>,
  });
}

/** A multipart body with text `fields` and an mp3 clip under `fileField` (the transcribe route). */
export function audioForm(bytes: Buffer, fields: Record<string, string> = {}, fileField = 'file') {
  const boundary = `----cwaudio${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields))
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      ),
    );
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${fileField}"; filename="clip.mp3"\r\nContent-Type: audio/mpeg\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { payload: Buffer.concat(parts), type: `multipart/form-data; boundary=${boundary}` };
}
