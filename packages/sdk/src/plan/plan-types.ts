/** Public shapes of the plan client. */
import type { PlanInfo, PlanName } from '@codewright/contract';
import type { RequestOptions } from '../request-options.ts';

/** The plan module (DESIGN §2b): limits -1 mean unlimited. */
export interface PlanClient {
  get(options?: RequestOptions): Promise<PlanInfo>;
  /** Sets the plan directly (self-serve, no payment) and answers the new PlanInfo. */
  upgrade(plan: PlanName, options?: RequestOptions): Promise<PlanInfo>;
}
