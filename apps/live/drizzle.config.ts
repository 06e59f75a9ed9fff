import { defineConfig } from 'drizzle-kit';

/** The live service's tables (schema live); `npx drizzle-kit generate` writes ./drizzle. */
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema.ts',
  out: './drizzle',
  casing: 'snake_case',
  schemaFilter: ['live'],
});
