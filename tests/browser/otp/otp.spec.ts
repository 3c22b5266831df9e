/**
 * OTP in Chromium against the seeded server and its simulator SMSC (real SMPP): tenant one gets a sender name and an
 * SMS OTP provider over the API, the admin enrols agent1 on the OTP users screen, then agent1 logs in with a one-time
 * code read from the phone (the SMSC's received messages), after a code killed by wrong tries; the admin's OTP screens
 * in English and Arabic.
 */
import { expect, type Page, test } from "@playwright/test"
import { baseUrl, devHeaders, loginTo, shot } from "../helpers"

const call = async (page: Page, method: "POST" | "PUT" | "GET", path: string, body: unknown, token: string) => {
  const response = await page.request.fetch(`${baseUrl()}/api${path}`, {
    method,
    ...(method === "GET" ? {} : { data: body }),
    headers: { "user-token": token },
  })
  expect(response.status(), `${path}: ${await response.text()}`).toBe(200)
  return ((await response.json()) as { data: Record<string, unknown> & { items?: { id: number; username: string }[] } }).data
}

const tokenOf = async (page: Page, username: string) => {
  const response = await page.request.post(`${baseUrl()}/api/auth/user`, { data: { username, password: "demo1234" } })
  expect(response.status()).toBe(200)
  return ((await response.json()) as { user_token: string }).user_token
}

/** What agent1's phone received: the newest code at the simulator SMSC, once more than `seen` messages arrived. */
const codeOnPhone = async (page: Page, number: string, seen: number) => {
  let code = ""
  await expect(async () => {
    const reply = await page.request.get(`${baseUrl()}/dev/sms/smsc/messages?to=${encodeURIComponent(number)}`, { headers: devHeaders() })
    const items = ((await reply.json()) as { data: { items: { text: string }[] } }).data.items
    expect(items.length).toBeGreaterThan(seen)
    code = /(\d{6}) is your verification code/.exec(items[items.length - 1].text)?.[1] ?? ""
    expect(code).toMatch(/^\d{6}$/)
  }).toPass({ timeout: 15_000 })
  return code
}

const received = async (page: Page, number: string) => {
  const reply = await page.request.get(`${baseUrl()}/dev/sms/smsc/messages?to=${encodeURIComponent(number)}`, { headers: devHeaders() })
  return ((await reply.json()) as { data: { items: unknown[] } }).data.items.length
}

test("OTP: enrol agent1, a sixth wrong code is refused, then log in with the code from the phone", async ({ page }) => {
  const smsc = (await (await page.request.get(`${baseUrl()}/dev/sms/smsc`, { headers: devHeaders() })).json()) as { data: { port: number } }
  await page.request.post(`${baseUrl()}/dev/sms/smsc`, { headers: devHeaders(), data: { reset: true } })
  const mask = `OT${Date.now().toString(36).slice(-6).toUpperCase()}`
  const number = `+9055${String(Date.now()).slice(-8)}`
  const superToken = await tokenOf(page, "superadmin")
  const admin = await tokenOf(page, "admin")
  const gateway = await call(
    page,
    "POST",
    "/sms/provider/add",
    { name: `SMSC ${mask}`, kind: "smpp", host: "127.0.0.1", port: smsc.data.port, system_id: "otp", secret: "pw" },
    superToken,
  )
  const account = await call(
    page,
    "POST",
    "/sms/client/add",
    { client_id: 1, provider_id: gateway.id, username: `otp-${mask}` },
    superToken,
  )
  const asked = await call(page, "POST", "/sms/client/masking/add", { sms_client_id: account.id, mask }, admin)
  await call(page, "POST", "/sms/client/masking/update", { id: asked.id, status: "approved" }, superToken)
  await call(page, "POST", "/add/otp-provider", { name: `SMS ${mask}`, email: "codes@acme.example", channel: "sms", sender: mask }, admin)
  await call(page, "PUT", "/otp/settings", { enabled: true, ttl_seconds: 300, max_tries: 5, cooldown_seconds: 0 }, admin)
  const enrolled = await call(page, "POST", "/backend/get/client-wise/users/otp", { search: "agent1", limit: 50 }, admin)
  for (const row of enrolled.items ?? []) await call(page, "PUT", `/backend/users/otp/remove/${row.id}`, {}, admin)

  // The admin enrols agent1 on the OTP users screen.
  await loginTo(page, "admin", "/apps/otp-users")
  await expect(page.getByTestId("page-title")).toHaveText("OTP users")
  await page.getByTestId("otp-user-new").click()
  const user = page.getByTestId("otp-user-user")
  await user.selectOption((await user.locator("option", { hasText: /^agent1$/ }).getAttribute("value")) ?? "")
  await page.getByTestId("otp-user-number").fill(number)
  const provider = page.getByTestId("otp-user-provider")
  await provider.selectOption((await provider.locator("option", { hasText: `SMS ${mask}` }).getAttribute("value")) ?? "")
  await page.getByTestId("otp-user-dialog-save").click()
  await expect(page.getByTestId("otp-user-dialog")).toHaveCount(0)
  await page.getByTestId("otp-users-search").fill("agent1")
  await page.getByTestId("otp-users-search").press("Enter")
  await expect(page.getByTestId("otp-user-row")).toHaveCount(1)
  await expect(page.getByTestId("otp-user-row")).toContainText(`SMS ${mask}`)
  await shot(page, "otp/users-en")
  await page.getByTestId("user-menu").click()
  await page.getByTestId("logout").click()
  await expect(page).toHaveURL(/\/login$/)

  // agent1 asks for a code and types wrong ones: four tries counted down, the fifth kills the code, the sixth is refused.
  await page.getByTestId("login-otp-link").click()
  await expect(page.getByTestId("page-title")).toHaveText("Log in with a one-time code")
  await page.fill("#otp-username", "agent1")
  const [sendReply] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith("/api/auth/send-otp")),
    page.getByTestId("otp-login-submit").click(),
  ])
  const otpKey = ((await sendReply.json()) as { data: { otp_key: string } }).data.otp_key
  await expect(page.getByTestId("otp-sent-to")).toContainText(number.slice(-4))
  const first = await codeOnPhone(page, number, 0)
  const wrong = first === "000000" ? "111111" : "000000"
  for (const left of [4, 3, 2, 1]) {
    await page.fill("#otp-code", wrong)
    await page.getByTestId("otp-login-submit").click()
    await expect(page.getByTestId("otp-login-problem")).toContainText(`${left} ${left === 1 ? "try" : "tries"} left.`)
  }
  await page.fill("#otp-code", wrong)
  await page.getByTestId("otp-login-submit").click()
  await expect(page.getByTestId("otp-login-problem")).toHaveText("This code is no longer valid, ask for a new one.")
  await expect(page.locator("#otp-code")).toHaveCount(0)
  // A sixth answer for that code, even the right one (as another tab would send it), is refused with the same words.
  const sixth = await page.request.post(`${baseUrl()}/api/auth/verify-otp`, { data: { otp_key: otpKey, otp_code: first } })
  expect(sixth.status()).toBe(410)
  expect(((await sixth.json()) as { error: { message: string } }).error.message).toBe("This code is no longer valid, ask for a new one")
  await shot(page, "otp/login-dead-en")

  // A new code from the phone logs agent1 in.
  const seen = await received(page, number)
  await page.getByRole("button", { name: "Send a new code" }).click()
  const code = await codeOnPhone(page, number, seen)
  await page.fill("#otp-code", code)
  await page.getByTestId("otp-login-submit").click()
  await page.waitForURL((url) => !url.pathname.startsWith("/login"))
  await expect(page.getByTestId("user-menu")).toBeVisible()
})

test("OTP: the admin's settings, providers and report, in English and Arabic", async ({ page }) => {
  await loginTo(page, "admin", "/apps/opt")
  await expect(page.getByTestId("page-title")).toHaveText("OTP login")
  // The stored settings first: typed before they load, the value would be replaced by them.
  await expect(page.getByTestId("otp-settings-ttl")).toHaveValue(/^\d+$/)
  await page.getByTestId("otp-settings-ttl").fill("20")
  await page.getByTestId("otp-settings-save").click()
  await expect(page.getByText("A code works for 30 to 3600 seconds.")).toBeVisible()
  await page.getByTestId("otp-settings-ttl").fill("300")
  await page.getByTestId("otp-settings-save").click()
  await expect(page.getByTestId("otp-settings-saved")).toBeVisible()
  await shot(page, "otp/settings-en")
  await page.goto(`${baseUrl()}/apps/otp-providers`)
  await expect(page.getByTestId("otp-provider-row").first()).toBeVisible()
  await shot(page, "otp/providers-en")
  await page.goto(`${baseUrl()}/apps/optReport`)
  await expect(page.getByTestId("otp-report-row").first()).toBeVisible()
  await shot(page, "otp/report-en")

  await page.evaluate(() => localStorage.setItem("i18nextLng", "ar"))
  await page.reload()
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl")
  await expect(page.getByTestId("page-title")).toHaveText("تقرير رموز التحقق")
  await shot(page, "otp/report-ar")
  await page.goto(`${baseUrl()}/apps/opt`)
  await expect(page.getByTestId("page-title")).toHaveText("الدخول برمز التحقق")
  await shot(page, "otp/settings-ar")
  await page.evaluate(() => localStorage.setItem("i18nextLng", "en"))
})
