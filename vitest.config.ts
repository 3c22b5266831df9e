import { defineConfig } from "vitest/config"

export default defineConfig({
  test: {
    include: ["src/**/*.test.ts", "src/**/*.test.tsx", "server/**/*.test.ts", "scripts/**/*.test.ts"],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: "forks",
    maxWorkers: 2,
    // `npm test`'s server suite shares one PostgreSQL cluster (server/testing/shared-postgres.ts says why).
    globalSetup: process.env.TEST_SHARED_POSTGRES ? ["server/testing/shared-postgres.ts"] : [],
  },
})
