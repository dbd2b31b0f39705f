/**
 * The one metering rule of every AI route — text today; object, image, speech and transcribe
 * alike (DESIGN §3.2–3.3; docs/api.md § AI "Metering"). A model call is charged to exactly one
 * meter: the body's `meter`, parsed with AiMeterFieldSchema (absent → generation, anything
 * else → 400 before this runs). The unit is reserved before the model is called and settled
 * once: kept, or refunded by the refund rule at the top of ai.service.ts. A route never calls
 * the plan service itself, and never calls the model without a charge.
 */
import type { AiMeter } from '@codewright/contract';
import type { PlanService } from '../plan/plan.service.ts';

/** One reserved unit of a meter. */
export interface MeterCharge {
  readonly meter: AiMeter;
  /** Gives the unit back; only the first settle (refund or keep) counts. */
  refund(): Promise<void>;
  /** The charge stands; a later refund does nothing. */
  keep(): void;
}

export type ChargeMeter = (userId: string, meter: AiMeter) => Promise<MeterCharge>;

/**
 * Builds `charge(userId, meter)`: reserves one unit (402 GENERATION_LIMIT_REACHED /
 * EDIT_LIMIT_REACHED when none is left) and returns its settle-once handle.
 */
export function createMeterCharger(
  planService: Pick<PlanService, 'reserveUsage' | 'refundUsage'>,
  onRefundError?: (err: unknown) => void,
): ChargeMeter {
  return async (userId, meter) => {
    const { reservation } = await planService.reserveUsage(userId, meter);
    let settled = false;
    return {
      meter,
      async refund() {
        if (settled) return;
        settled = true;
        try {
          await planService.refundUsage(reservation);
        } catch (err) {
          onRefundError?.(err);
        }
      },
      keep() {
        settled = true;
      },
    };
  };
}
