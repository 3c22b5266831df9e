import { spawn, type ChildProcess } from "node:child_process"
import { expect, test } from "@playwright/test"
import { baseUrl, shot } from "../helpers"

const PORT = 5791
let relay: ChildProcess | undefined

test.beforeAll(async () => {
  relay = spawn("node", ["--import", "tsx", "scripts/inspect-server.ts"], {
    env: { ...process.env, INSPECT_PORT: String(PORT) },
    stdio: "ignore",
  })
  for (let i = 0; i < 100; i += 1) {
    if (
      await fetch(`http://127.0.0.1:${PORT}/events.json`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error("inspector relay did not start")
})

test.afterAll(() => {
  relay?.kill()
})

test("?inspect records the actor system from its start in the offline inspector", async ({ page, browser }) => {
  await page.goto(`${baseUrl()}/login?inspect=ws://127.0.0.1:${PORT}`)
  await page.waitForSelector("[data-testid=login-form]")
  await expect
    .poll(async () => {
      const events = (await (await fetch(`http://127.0.0.1:${PORT}/events.json`)).json()) as {
        type: string
        name?: string
      }[]
      return events.filter((event) => event.type === "@xstate.actor").map((event) => event.name)
    })
    .toEqual(expect.arrayContaining(["root", "acl", "layout", "account", "session"]))
  const events = (await (await fetch(`http://127.0.0.1:${PORT}/events.json`)).json()) as {
    type: string
    name?: string
  }[]
  // The root's own start is the first thing recorded: the inspector was attached before the system started.
  expect(events[0]).toMatchObject({ type: "@xstate.actor", name: "root" })
  const viewer = await browser.newPage()
  await viewer.goto(`http://127.0.0.1:${PORT}/`)
  await expect(viewer.locator(".actor").first()).toBeVisible()
  await expect(viewer.locator("#actors")).toContainText("session")
  await shot(viewer, "inspector-viewer")
  await viewer.close()
})
