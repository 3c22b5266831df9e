import { test } from "@playwright/test"
test("insp", async ({ page }) => {
  await page.goto(`${process.env.CONSOLE_URL}/login?inspect=ws://127.0.0.1:5699`)
  await page.waitForSelector("[data-testid=login-form]")
  await page.waitForTimeout(1500)
  const events = await (await fetch("http://127.0.0.1:5699/events.json")).json()
  console.log(events.length, JSON.stringify(events.slice(0, 3)).slice(0, 1500))
  console.log([...new Set(events.map((e: any) => e.type + ":" + (e.id ?? "")))].slice(0, 30))
})
