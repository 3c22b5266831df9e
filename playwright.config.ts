import { defineConfig } from "@playwright/test"

/** Browser suite: Debian's Chromium against the real server (tests/browser/global-setup.ts starts it once). */
export default defineConfig({
  testDir: "tests/browser",
  globalSetup: "./tests/browser/global-setup.ts",
  workers: 2,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [["list"], ["json"]],
  outputDir: ".tmp/playwright",
  use: {
    browserName: "chromium",
    viewport: { width: 1366, height: 860 },
    launchOptions: {
      executablePath: "/usr/bin/chromium",
      args: ["--use-fake-device-for-media-stream", "--use-fake-ui-for-media-stream", "--allow-loopback-in-peer-connection"],
    },
    trace: "off",
  },
})
