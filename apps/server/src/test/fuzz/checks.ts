/** What every answer to a fuzzed request must satisfy (DESIGN §2 errors, §3.11). */

/** 5xx answers that are documented: no model or data provider is configured in the tests. */
export const ALLOWED_5XX: Readonly<Record<number, readonly string[]>> = {
  502: ['AI_PROVIDER_ERROR'],
  503: ['AI_NOT_CONFIGURED', 'DATA_NOT_CONFIGURED'],
};

/** The error code of an envelope body, or undefined when the body is not `{error:{code,message}}`. */
export function envelopeCode(body: string): string | undefined {
  try {
    const parsed = JSON.parse(body) as { error?: { code?: unknown; message?: unknown } };
    const { code, message } = parsed.error ?? {};
    return typeof code === 'string' && typeof message === 'string' && message !== ''
      ? code
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Why an answer is wrong, or undefined: a 5xx that is not documented, or an error
 * answer (4xx/5xx) whose body is not our envelope. A HEAD answer has no body to check.
 */
export function answerProblem(
  method: string,
  status: number,
  contentType: string | undefined,
  body: string,
): string | undefined {
  if (status < 400) return undefined;
  const code = envelopeCode(body);
  if (status >= 500 && !(code && ALLOWED_5XX[status]?.includes(code))) {
    return `answered ${status}: ${body.slice(0, 300)}`;
  }
  if (method === 'HEAD' && body === '') return undefined;
  if (!code) return `error ${status} outside the envelope: ${body.slice(0, 300)}`;
  if (!contentType?.startsWith('application/json')) {
    return `error ${status} as ${contentType ?? 'no content type'}, not JSON`;
  }
  return undefined;
}
