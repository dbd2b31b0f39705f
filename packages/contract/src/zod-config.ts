import { z } from 'zod';

/**
 * Stops zod from probing `new Function` (its JIT) — under our CSP without
 * 'unsafe-eval' that probe is reported as a violation in every browser page.
 */
export function disableSchemaJit(): void {
  z.config({ jitless: true });
}
