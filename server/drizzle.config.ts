import { defineConfig } from 'drizzle-kit';

// drizzle-kit is used for `generate` and `check` only; migrations are applied by the app at start.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema/index.ts',
  out: './drizzle',
  casing: 'snake_case',
});
