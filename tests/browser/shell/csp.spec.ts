/**
 * The built console under the server's security headers (server/http/headers.ts): the pages load and work with no
 * Content-Security-Policy violation, the policy forbids inline script, and the console cannot be framed.
 */
import { expect, test } from "@playwright/test"
import { baseUrl, login } from "../helpers"

test("the console runs under its Content-Security-Policy without a violation", async ({ page }) => {
  const violations: string[] = []
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text())
  })
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) =>
      console.error(`Content Security Policy violation: ${event.violatedDirective} ${event.blockedURI}`),
    )
  })
  const response = await page.goto(`${baseUrl()}/login`)
  const csp = response?.headers()["content-security-policy"] ?? ""
  expect(csp).toContain("script-src 'self'")
  expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/)
  expect(csp).toContain("frame-ancestors 'none'")
  await login(page, "admin")
  for (const path of ["/apps/chat", "/apps/call-history", "/apps/simulator", "/apps/messages", "/apps/pbxcalls", "/apps/users"]) {
    await page.goto(`${baseUrl()}${path}`)
    await page.waitForLoadState("networkidle")
  }
  expect(violations).toEqual([])
  // An inline script injected into the page does not run.
  const ran = await page.evaluate(() => {
    const script = document.createElement("script")
    script.textContent = "window.__injected = true"
    document.body.appendChild(script)
    return (window as { __injected?: boolean }).__injected === true
  })
  expect(ran).toBe(false)
})
