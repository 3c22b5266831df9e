import { resolve } from "node:path"
import { expect, type Locator, type Page } from "@playwright/test"
import { frontKey, routes, sidebarOrder } from "../../src/contract/routes"

/** Playwright workers, each with its own server (global-setup.ts): BROWSER_WORKERS, 2 by default. */
export const browserWorkers = () => Math.max(1, Number(process.env.BROWSER_WORKERS ?? 2) || 1)

/** The server of this worker (Playwright numbers its live workers 0 … workers-1 in TEST_PARALLEL_INDEX). */
export const baseUrl = () => {
  const urls = (process.env.CONSOLE_URLS ?? "").split(" ").filter(Boolean)
  if (urls.length === 0) throw new Error("CONSOLE_URLS is not set (tests/browser/global-setup.ts starts the servers)")
  return urls[Number(process.env.TEST_PARALLEL_INDEX ?? 0) % urls.length]
}

/** The built console the suite serves: BROWSER_DIST lets several people run the suite at once without rebuilding
 * each other's dist/ (global-setup.ts builds it; servers a spec starts itself serve the same). */
export const browserDist = () => resolve(process.env.BROWSER_DIST ?? "dist")

/** Headers that open the server's development hooks (/dev/*), as the CLI scripts send them. */
export const devHeaders = (): Record<string, string> => {
  const key = process.env.DEV_KEY
  if (!key) throw new Error("DEV_KEY is not set (tests/browser/global-setup.ts starts the server)")
  return { "x-dev-key": key }
}

export interface LoginBody {
  readonly user_acl: Record<string, unknown>
  readonly back_acl: Record<string, unknown>
  readonly user: { data: { displayName: string } }
}

/**
 * Logs in through the login page (of the server at `url`: the suite's by default) and returns the body the server
 * answered (its ACL is the reference).
 */
export const login = (page: Page, username: string, password = "demo1234", url = baseUrl()): Promise<LoginBody> =>
  signIn(page, `${url}/login`, username, password)

/**
 * Opens `path` logged out, which shows the login page, and logs in there: the console goes on to `path` (or the
 * user's home when it is not theirs) without drawing the home screen first.
 */
export const loginTo = (page: Page, username: string, path: string, password = "demo1234"): Promise<LoginBody> =>
  signIn(page, `${baseUrl()}${path}`, username, password)

const signIn = async (page: Page, address: string, username: string, password: string): Promise<LoginBody> => {
  await page.goto(address)
  await page.waitForSelector("[data-testid=login-form]")
  await page.fill("#login-username", username)
  await page.fill("#login-password", password)
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith("/api/auth/user") && r.request().method() === "POST"),
    page.click("[data-testid=login-submit]"),
  ])
  expect(response.status()).toBe(200)
  const body = (await response.json()) as LoginBody
  await page.waitForURL((url) => url.pathname !== "/login")
  return body
}

/**
 * Moves the single-page app to `path` the way its links do (a history entry and popstate), without reloading it: a
 * reload costs the whole console's start, which a spec visiting many screens need not pay for each.
 */
export const openInApp = (page: Page, path: string) =>
  page.evaluate((to) => {
    window.history.pushState({}, "", to)
    window.dispatchEvent(new PopStateEvent("popstate", { state: {} }))
  }, path)

/** The sidebar spec 000 prescribes for an access list: items with FRONT:<url> true, groups with an item left. */
export const expectedSidebar = (acl: Record<string, unknown>) =>
  sidebarOrder
    .map((group) => ({
      group,
      paths: routes.filter((r) => r.sidebar === group && acl[frontKey(r.path)] === true).map((r) => r.path),
    }))
    .filter((section) => section.paths.length > 0)

export const renderedSidebar = async (page: Page) =>
  page.locator("[data-testid=sidebar] [data-testid=nav-group]").evaluateAll((groups) =>
    groups.map((group) => ({
      group: group.getAttribute("data-group") ?? "",
      paths: [...group.querySelectorAll("[data-testid=nav-item]")].map((item) => item.getAttribute("data-path") ?? ""),
    })),
  )

/** A screenshot once the page has settled (lazy screens loaded, no spinner left). */
export const shot = async (page: Page, name: string) => {
  await page.waitForLoadState("networkidle")
  await page
    .locator("[aria-busy=true]")
    .first()
    .waitFor({ state: "detached", timeout: 5_000 })
    .catch(() => {})
  // The frame React last rendered, painted; transitions are finished by the screenshot rather than waited out.
  await page.evaluate(() => new Promise((painted) => requestAnimationFrame(() => requestAnimationFrame(painted))))
  await page.screenshot({ path: `.tmp/screenshots/${name}.png`, fullPage: false, animations: "disabled" })
}

/** Agents are rung only while online (spec 000 section 4): flip the toolbar's presence switch. */
/**
 * Sets the agent's Availability switch to `online` and returns once the server has it (a login shows the flag the server
 * already serves the agent by, so there may be nothing to switch).
 */
export const setPresence = async (page: Page, online: boolean) => {
  const input = page.locator("[data-testid=presence]")
  if ((await input.isChecked()) !== online) {
    const saved = page.waitForResponse((r) => r.url().endsWith(online ? "/agent/online" : "/agent/offline") && r.ok())
    await input.click({ force: true })
    await saved
  }
  if (online) await expect(input).toBeChecked()
  else await expect(input).not.toBeChecked()
}

export const goOnline = (page: Page) => setPresence(page, true)

/** A voice call's card in the console's call stack. */
export const callCard = (page: Page, callId: string) => page.locator(`[data-testid=call-card][data-call-id="${callId}"]`)

/**
 * Waits until `target` stays where it is between two looks 100 ms apart, as a person waits for a menu that grew when
 * its list arrived (and was placed again to fit) before pointing at an item.
 */
export const settled = async (target: Locator) => {
  let last = ""
  await expect
    .poll(
      async () => {
        const box = JSON.stringify(await target.boundingBox())
        const same = box === last && box !== "null"
        last = box
        return same
      },
      { intervals: [100] },
    )
    .toBe(true)
}

/**
 * Checks a box or radio of a dialog that has just opened, once it stopped moving: a click during the opening
 * transition can leave the choice unchanged. Forced: Blueprint draws its own indicator over the input.
 */
export const checkSettled = async (control: Locator) => {
  await settled(control)
  await control.check({ force: true })
}

/**
 * Clicks a control of an open popover or dialog whose effect closes it (a menu item, a form's submit button) as a
 * person does: points at it once it stopped moving and clicks; when the control is still there five seconds later,
 * the pointer missed (seen on loaded runs: the press and the release reached no control), so it points and clicks once
 * more.
 */
export const clickClosing = async (control: Locator) => {
  await settled(control)
  await control.click()
  try {
    await expect(control).toBeHidden({ timeout: 5_000 })
  } catch {
    // Closed just now, or busy with what the click asked for (a submit shows its loading state): the click landed.
    if (!(await control.isVisible())) return
    if (await control.isDisabled()) return void (await expect(control).toBeHidden())
    console.log(`[browser] the popover or dialog stayed open after clicking ${control}; clicking it again`)
    await settled(control)
    await control.click()
    await expect(control).toBeHidden()
  }
}

/**
 * How long the next element with this test id stays in the page, in milliseconds, timed by the page itself (from its
 * insertion to its removal). Call it before the action that shows the element; await the answer once it is gone. A
 * loaded machine delays the test's own polling by seconds, so a bound on how long something showed is measured here.
 */
export const timeOnScreen = async (page: Page, testId: string): Promise<() => Promise<number>> => {
  const key = `timeOnScreen:${testId}`
  await page.evaluate(
    ([selector, slot]) => {
      const times = window as unknown as Record<string, { shown?: number; gone?: number }>
      const time: { shown?: number; gone?: number } = {}
      times[slot] = time
      const observer = new MutationObserver(() => {
        const there = document.querySelector(selector) !== null
        if (there && time.shown === undefined) time.shown = performance.now()
        if (!there && time.shown !== undefined) {
          time.gone = performance.now()
          observer.disconnect()
        }
      })
      observer.observe(document.body, { childList: true, subtree: true })
    },
    [`[data-testid="${testId}"]`, key] as const,
  )
  return async () => {
    const handle = await page.waitForFunction((slot) => {
      const time = (window as unknown as Record<string, { shown?: number; gone?: number }>)[slot]
      return time.gone !== undefined && time.shown !== undefined ? time.gone - time.shown : false
    }, key)
    return (await handle.jsonValue()) as number
  }
}
