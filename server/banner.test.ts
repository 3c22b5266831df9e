import { describe, expect, it } from "vitest"
import { bannerOf } from "./banner"

describe("the start banner", () => {
  const facts = {
    url: "http://127.0.0.1:8080",
    database: "pglite",
    devKey: "k3y",
    devKeyFile: "data/dev-key",
    password: "demo1234",
    logins: [{ username: "admin", tenant: "tenant one", note: "tenant admin" }],
  }

  it("ends with the address and the logins, and says what development mode opens", () => {
    const lines = bannerOf({ ...facts, dev: true })
    expect(lines.slice(-3)).toEqual([
      "Console and API: http://127.0.0.1:8080 (pglite; API under /api, socket service under /rt)",
      "Logins (password demo1234):",
      "  admin       tenant one  tenant admin",
    ])
    expect(lines.join("\n")).toContain("x-dev-key: k3y")
    expect(bannerOf({ ...facts, dev: false }).join("\n")).not.toMatch(/dev-key|outbox/)
  })

  it("shows no demo login in production, and the first super admin's generated password once", () => {
    expect(bannerOf({ ...facts, dev: false }).join("\n")).not.toMatch(/demo1234|Logins/)
    const admin = { username: "superadmin", email: "superadmin@console.example", generatedPassword: "s3cret" }
    expect(bannerOf({ ...facts, dev: false, firstAdmin: admin }).at(-1)).toContain("password s3cret (shown once")
    expect(bannerOf({ ...facts, dev: false, firstAdmin: { ...admin, generatedPassword: null } }).at(-1)).not.toContain("s3cret")
  })
})
