/** Plan data kept in user metadata (SPEC §3); constants and the plan table in plans.ts. */
import { z } from 'zod';
import { PlanNameSchema } from './responses.ts';

/** Plan data as reported inside user metadata under `planData` (SPEC §3). */
export const PlanDataSchema = z.object({
  plan: PlanNameSchema,
  generationsUsed: z.number().int().min(0),
  editsUsed: z.number().int().min(0),
  lastResetDate: z.string(),
});
export type PlanData = z.infer<typeof PlanDataSchema>;
