import { defineConfig } from "drizzle-kit"

// One migration set for PGlite and PostgreSQL 15 (server/db/migrations, committed).
export default defineConfig({
  dialect: "postgresql",
  schema: "./server/db/schema/*.ts",
  out: "./server/db/migrations",
})
