import { defineConfig } from 'drizzle-kit';

// `npm run db:generate -w apps/server` writes SQL migrations into ./drizzle;
// the server applies them at start (src/db/migrate.ts).
export default defineConfig({
  dialect: 'postgresql',
  // Shared tables in src/db/schema.ts; each module may own `<domain>.schema.ts`.
  schema: ['./src/db/schema.ts', './src/modules/*/*.schema.ts'],
  out: './drizzle',
});
