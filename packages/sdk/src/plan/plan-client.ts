/** `client.plan`: the caller's plan, usage and remaining quota; self-serve plan change. */
import { type PlanInfo, PlanInfoSchema, type PlanName } from '@codewright/contract';
import { NetworkError } from '../errors.ts';
import type { HttpClient } from '../http.ts';
import type { PlanClient, RequestOptions } from '../types.ts';

function parsePlanInfo(body: unknown): PlanInfo {
  const result = PlanInfoSchema.safeParse(body);
  if (!result.success)
    throw new NetworkError({ code: 'NETWORK_ERROR', status: null, cause: result.error });
  return result.data;
}

export function createPlanClient(options: { http: HttpClient }): PlanClient {
  const { http } = options;
  return {
    async get(request: RequestOptions = {}) {
      return parsePlanInfo(await http({ path: '/api/plan', signal: request.signal }));
    },
    async upgrade(plan: PlanName, request: RequestOptions = {}) {
      return parsePlanInfo(
        await http({
          method: 'POST',
          path: '/api/plan/upgrade',
          body: { plan },
          signal: request.signal,
        }),
      );
    },
  };
}
