import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { mkdirSync, mkdtempSync, writeFileSync, rmSync } from "node:fs"
import { join } from "node:path"
import { tmpdir } from "node:os"
import { startTestServer, type TestServer } from "../testing/test-server"
import { as, login } from "../testing/harness"

describe("serving the console", () => {
  const dist = mkdtempSync(join(tmpdir(), "dist-"))
  writeFileSync(join(dist, "index.html"), "<!doctype html><title>console</title>")
  writeFileSync(join(dist, "app.js"), "console.log(1)")
  mkdirSync(join(dist, "assets"))
  writeFileSync(join(dist, "assets", "Shell-BhbqTdu3.js"), "console.log(2)")
  let built: TestServer
  let bare: TestServer
  beforeAll(async () => {
    built = await startTestServer({ distDir: dist })
    bare = await startTestServer({ distDir: join(dist, "missing") })
  })
  afterAll(async () => {
    await built?.stop()
    await bare?.stop()
    rmSync(dist, { recursive: true, force: true })
  })

  it("answers health and the console config", async () => {
    expect((await fetch(`${built.url}/healthz`)).status).toBe(200)
    const config = await (await fetch(`${built.url}/console-config.json`)).json()
    expect(config).toMatchObject({ apiBase: "/api", rtBase: "/rt" })
    expect(config.publicClientToken.split(".")).toHaveLength(3)
  })

  it("serves files and falls back to index.html for console routes, never for /api or /rt", async () => {
    expect(await (await fetch(`${built.url}/app.js`)).text()).toBe("console.log(1)")
    const route = await fetch(`${built.url}/apps/call-history`)
    expect(route.status).toBe(200)
    expect(await route.text()).toContain("<title>console</title>")
    for (const path of ["/api/nothing", "/rt/nothing"]) {
      const reply = await fetch(`${built.url}${path}`)
      expect(reply.status).toBe(404)
      expect((await reply.json()).error.code).toBe("NOT_FOUND")
    }
  })

  it("lets a browser keep the build's named files for good and ask again for the rest; a missing build file is a 404", async () => {
    const asset = await fetch(`${built.url}/assets/Shell-BhbqTdu3.js`)
    expect(await asset.text()).toBe("console.log(2)")
    expect(asset.headers.get("cache-control")).toBe("public, max-age=31536000, immutable")
    for (const path of ["/", "/apps/dashboard", "/app.js"]) {
      const reply = await fetch(`${built.url}${path}`)
      expect(reply.status).toBe(200)
      expect(reply.headers.get("cache-control")).toBe("no-cache")
      // Asked again as a browser revalidates (fetch would add "no-cache" to a conditional request), an unchanged file
      // is answered without its body.
      const again = await fetch(`${built.url}${path}`, {
        headers: { "if-none-match": reply.headers.get("etag")!, "cache-control": "max-age=0" },
      })
      expect(again.status).toBe(304)
    }
    const gone = await fetch(`${built.url}/assets/Shell-0ld0ld0l.js`)
    expect(gone.status).toBe(404)
    expect((await gone.json()).error.message).toBe("No such file: /assets/Shell-0ld0ld0l.js")
  })

  it("says to run the build when dist/ is missing", async () => {
    const page = await fetch(`${bare.url}/apps/chat`)
    expect(await page.text()).toContain("npm run build")
  })
})

describe("development-only pages", () => {
  let production: TestServer
  let development: TestServer
  beforeAll(async () => {
    production = await startTestServer({ config: { dev: false } })
    development = await startTestServer()
  })
  afterAll(async () => {
    await production?.stop()
    await development?.stop()
  })

  it("grants the channel simulator to admins on a development server only, and its hooks answer only there", async () => {
    expect((await login(development.url, "admin")).user_acl["FRONT:/apps/simulator"]).toBe(true)
    expect((await login(development.url, "agent1")).user_acl["FRONT:/apps/simulator"]).toBe(false)
    expect((await login(production.url, "admin")).user_acl["FRONT:/apps/simulator"]).toBe(false)
    const hangup = async (url: string) =>
      fetch(`${url}/dev/simulator/calls/none/hangup`, { method: "POST", headers: as((await login(url, "admin")).user_token) })
    expect((await hangup(production.url)).status).toBe(404)
    const dev = await hangup(development.url)
    expect(dev.status).toBe(404)
    expect(((await dev.json()) as { error: { message: string } }).error.message).toBe("No such live call")
  })
})
