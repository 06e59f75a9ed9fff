import { defineConfig } from 'drizzle-kit';

/** The local Shopify's tables (schema shopify_sandbox); `npx drizzle-kit generate` writes ./drizzle. */
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/store/schema.ts',
  out: './drizzle',
  casing: 'snake_case',
  schemaFilter: ['shopify_sandbox'],
});
