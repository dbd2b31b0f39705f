import { config } from 'zod';

// Scalar builds and checks its settings with zod, and zod probes for `new Function` (its JIT) as
// its first object schema is built: under our CSP (no 'unsafe-eval') that probe is a reported
// violation. Turned off here, in a module that runs before Scalar's chunks load (they build
// schemas as they are evaluated; scalar-reference.ts imports Scalar only after this ran).
// Not the contract's disableSchemaJit(): the build's pure-marking of the contract's `z`
// (vite.config.ts, pureContractSchemas) drops its `z.config` call.
config({ jitless: true });
