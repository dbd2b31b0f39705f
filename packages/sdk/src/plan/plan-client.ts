/** `client.plan`: the caller's plan, usage and remaining quota; self-serve plan change. */
import type { PlanInfo, PlanName } from '@codewright/contract';
import { parseResponse } from '../response.ts';
import type { HttpClient } from '../http.ts';
import type { PlanClient, RequestOptions } from '../types.ts';

const parsePlanInfo = (body: unknown): Promise<PlanInfo> => parseResponse('PlanInfoSchema', body);

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
