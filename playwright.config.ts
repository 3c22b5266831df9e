import { defineConfig } from "@playwright/test"
import { browserWorkers } from "./tests/browser/helpers"

/** Browser suite: Debian's Chromium against the real server (tests/browser/global-setup.ts starts it once). */
export default defineConfig({
  testDir: "tests/browser",
  globalSetup: "./tests/browser/global-setup.ts",
  // A newer login of the same user ends the older session (as the spec requires), so two specs logging in as `admin`
  // on one server would log each other out: each worker has its own seeded server (global-setup.ts).
  workers: browserWorkers(),
  // A test that fails runs once more: the browser suite's real media, SIP registrations and timers fail now and then
  // when this 2-core machine is two or three times slower than usual. A test failing twice fails the run; one passing
  // on its second run is listed by name at the end of `npm test` (docs/decisions/browser-retry.md).
  retries: 1,
  // A test's budget. The longest take 25–35 s on a quiet machine and 50–55 s when it is twice as slow as usual (the
  // suite's own Chromiums, servers and PBX share two cores): a minute failed them there. Tests that wait on the clock
  // for longer (a scheduled send, an SLA's countdown) set their own.
  timeout: 90_000,
  expect: { timeout: 10_000 },
  // The JSON report is for scripts/run-tests.ts (which names its file); run by hand, the list is enough.
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [["list"], ["json"]] : [["list"]],
  outputDir: ".tmp/playwright",
  use: {
    browserName: "chromium",
    viewport: { width: 1366, height: 860 },
    launchOptions: {
      // Chromium's headless shell (Debian's chromium-headless-shell), the same Blink and V8 without the browser's own
      // interface: the suite's CPU fell by a fifth to two fifths (docs/decisions/browser-headless-shell.md). The
      // benchmarks that time what a person sees run the full Chromium.
      executablePath: "/usr/bin/chromium-headless-shell",
      args: ["--use-fake-device-for-media-stream", "--use-fake-ui-for-media-stream", "--allow-loopback-in-peer-connection"],
    },
    trace: "off",
  },
})
