// Kept apart from the schemas: the SDK reads these on every page (docs/decisions/007), and a
// module that builds zod schemas would bring zod with it (apps/web/vite.config.ts).

/**
 * The UI message stream chunk type that ends every streamed answer before `[DONE]`: the meter
 * the call was charged to and whether the charge stands (docs/api.md § AI "Stop").
 */
export const AI_METER_EVENT = 'data-meter';
