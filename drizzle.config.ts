import { defineConfig } from 'drizzle-kit'

// One schema and one migration set for PGlite and PostgreSQL (ADR 003).
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/server/db/schema.ts',
  out: './src/server/db/migrations',
})
