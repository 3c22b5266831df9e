/**
 * The console tour: one logged-in user opens every address the access list lets them open, moving inside the
 * single-page app (no reloads), and each screen is checked at 1280×800 and 1920×1080 by resizing in place.
 * A failure line names the user, the address and what was wrong; the tour collects them all before failing.
 */
import { readdirSync } from "node:fs"
import type { Page, Request, Response } from "@playwright/test"
import { companySections, frontKey, HOME_ROUTES, routes } from "../../../src/contract/routes"
import { COMPANY_DETAILS, isSectionGranted } from "../../../src/machines/acl/decide"
import { baseUrl, openInApp } from "../helpers"
import { inspectScreen } from "./tour-page-checks"

/** The string tables' names: each views folder's, camel-cased ("tenant-settings" holds tenantSettings). */
const NAMESPACES = readdirSync(new URL("../../../src/views", import.meta.url)).map((name) =>
  name.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase()),
)

const SIZES = [
  { width: 1280, height: 800 },
  { width: 1920, height: 1080 },
] as const

/**
 * Screens that show what already happened: a date after now there is a clock or seed fault. Screens that plan ahead
 * (campaigns, reminders, scheduled sends) are left out.
 */
const HISTORY =
  /history|report|log|messages|aht|serviceLevel|average|hourly|survey|journey|mau|monthly|pbxcalls|ongoing|inbox|billing|\/apps\/chat$|orders/i

/**
 * Answers a screen asks for knowing they may fail, and shows the user what that means: none yet. Each entry is a
 * path pattern and the reason, so a reader can judge it.
 */
const EXPECTED_FAILURES: readonly { readonly path: RegExp; readonly status: number; readonly why: string }[] = [
  {
    path: /^\/dev\/simulator\/calls\/probe$/,
    status: 404,
    why: "the simulator asks for a call that does not exist: any JSON answer proves the development hooks are served",
  },
]

/**
 * The addresses a user may open: granted ones plus the company pages they hold when the company area is granted. Logged out
 * (no access list), the public pages outside the logged-out frame: the login, lock, token and reset pages are what
 * the other browser specs drive, and opening them logged in would end the session.
 */
export const addressesFor = (acl: Record<string, unknown> | null): string[] => {
  if (!acl) return routes.filter((route) => route.public && !route.authFrame).map((route) => route.path)
  const granted = routes.filter((route) => !route.authFrame && acl[frontKey(route.path)] === true).map((route) => route.path)
  const company =
    acl[frontKey(COMPANY_DETAILS)] === true
      ? companySections.filter((section) => isSectionGranted(acl, section)).map((section) => `${COMPANY_DETAILS}/${section}`)
      : []
  return [...granted, ...company]
}

/** Where a screen that gives up sends the user: home, the login, the not-found page. Elsewhere is a canonical address. */
const DEAD_ENDS = new Set<string>([...HOME_ROUTES, "/login", "/pagenotfound"].map((path) => path.toLowerCase()))

interface Visit {
  address: string
  problems: string[]
}

/**
 * Only the screen's calls keep it busy: not the realtime socket's long poll, and not files (the console prefetches
 * other screens' code in the background; the screen's own code shows a spinner, marked aria-busy, until it is in).
 */
const lingers = (request: Request) => request.url().includes("/socket.io/") || !["fetch", "xhr"].includes(request.resourceType())

const pathOf = (url: string) => {
  const u = new URL(url)
  return u.origin === new URL(baseUrl()).origin ? u.pathname : url
}

/** Watches one page: open requests, failed answers, page errors and console errors, charged to the current visit. */
const watch = (page: Page) => {
  const open = new Set<Request>()
  // Screens' code being fetched: while it loads, the previous screen stays drawn.
  const code = new Set<Request>()
  let current: Visit | null = null
  let quietSince = Date.now()
  let codeSince = Date.now()
  const done = (request: Request) => {
    if (open.delete(request) && open.size === 0) quietSince = Date.now()
    if (code.delete(request) && code.size === 0) codeSince = Date.now()
  }
  page.on("request", (request) => {
    if (!lingers(request)) open.add(request)
    else if (request.resourceType() === "script") code.add(request)
  })
  page.on("requestfinished", done)
  page.on("requestfailed", done)
  page.on("response", (response: Response) => {
    const status = response.status()
    if (status < 400 || !current) return
    const path = pathOf(response.url())
    if (EXPECTED_FAILURES.some((e) => e.status === status && e.path.test(path))) return
    current.problems.push(`${response.request().method()} ${path} answered ${status}`)
  })
  page.on("pageerror", (error) => current?.problems.push(`page error: ${error.message.split("\n")[0]}`))
  page.on("console", (message) => {
    // A failed answer is reported above with its address; the console's copy of it names only the status.
    if (message.type() === "error" && !message.text().startsWith("Failed to load resource"))
      current?.problems.push(`console error: ${message.text().split("\n")[0].slice(0, 200)}`)
  })
  return {
    begin: (visit: Visit) => {
      current = visit
    },
    /** Milliseconds since the last screen code arrived, or 0 while some is still loading. */
    codeQuiet: () => (code.size > 0 ? 0 : Date.now() - codeSince),
    /**
     * Until no request has been open for a moment and no spinner is left (at most a few seconds); answers what was
     * still going on when it gave up, or null once settled.
     */
    settle: async (): Promise<string | null> => {
      const until = Date.now() + 8_000
      while (Date.now() < until) {
        await page.waitForTimeout(30)
        if (open.size > 0 || Date.now() - quietSince < 120) continue
        if ((await page.locator("[aria-busy=true]").count()) === 0) return null
      }
      const busy = await page
        .locator("[aria-busy=true]")
        .evaluateAll((els) => els.map((el) => el.getAttribute("data-testid") ?? el.className))
      return [...[...open].map((request) => pathOf(request.url())), ...busy.map((name) => `busy ${name}`)].join(", ")
    },
  }
}

/** The screens' frames: the shell's content, or the logged-out pages'. */
const FRAMES = "#mc-content, .mc-public-main"

/**
 * Marks what is drawn and starts counting the time since it last changed: the previous screen stays drawn while the
 * next one's code loads, so the next screen is told apart from it (the company pages' back link stays, marked).
 */
const markDrawn = (page: Page) =>
  page.evaluate((frames) => {
    const tour = window as unknown as { tourChanged: number; tourObserver?: MutationObserver }
    tour.tourObserver?.disconnect()
    for (const frame of document.querySelectorAll(frames)) for (const element of frame.children) element.setAttribute("data-tour-left", "")
    tour.tourChanged = performance.now()
    tour.tourObserver = new MutationObserver(() => {
      tour.tourChanged = performance.now()
    })
    for (const frame of document.querySelectorAll(frames))
      tour.tourObserver.observe(frame, { childList: true, subtree: true, attributes: true, characterData: true })
  }, FRAMES)

/** How long the drawn screen must stay as it was, with no code loading, to count as the next one kept in place. */
const KEPT_MS = 150

/**
 * Until the next screen is drawn: something new beside the marked screen, the marked screen gone and another drawn,
 * or (the same view under another address, which React keeps in place) no screen code loading and nothing changed
 * for a moment. At most 3 s: then the checks run on what is there.
 */
const newScreen = async (page: Page, codeQuiet: () => number) => {
  const until = Date.now() + 3_000
  while (Date.now() < until) {
    const drawn = await page.evaluate((frames) => {
      const elements = [...document.querySelectorAll(frames)].flatMap((frame) => [...frame.children])
      // An empty frame (an alias moving on to its address) is not the next screen yet.
      const fresh =
        elements.length > 0 &&
        (!document.querySelector("[data-tour-left]") || elements.some((element) => !element.hasAttribute("data-tour-left")))
      return { fresh, still: performance.now() - (window as unknown as { tourChanged: number }).tourChanged }
    }, FRAMES)
    if (drawn.fresh || (drawn.still >= KEPT_MS && codeQuiet() >= KEPT_MS)) return
    await page.waitForTimeout(30)
  }
}

/** The screen's words as drawn now, in whichever language: raw i18n keys and values, missing values. */
export const screenWords = async (page: Page): Promise<string[]> =>
  (await page.evaluate(inspectScreen, { layout: false, words: true, frame: false, history: false, namespaces: NAMESPACES })).content

export interface TourResult {
  readonly failures: string[]
  /** Milliseconds per address, slowest first: what to look at when the tour grows slow. */
  readonly slowest: string[]
}

/** More checks on each settled screen (the accessibility audit): given the address landed on, answers problems. */
export type ScreenCheck = (landed: string) => Promise<string[]>

/**
 * Opens every address in turn; answers the failure lines, each prefixed with the user and the address. With
 * TOUR_SHOTS set, each screen's 1280 px view is saved under .tmp/screenshots/tour/<TOUR_SHOTS>/ to be looked at.
 */
export const tour = async (page: Page, user: string, addresses: readonly string[], check?: ScreenCheck): Promise<TourResult> => {
  const shots = process.env.TOUR_SHOTS
  const watcher = watch(page)
  const failures: string[] = []
  const timings: [string, number][] = []
  const seen = new Set<string>()
  let size = 0
  await page.setViewportSize(SIZES[size])
  for (const address of addresses) {
    const started = Date.now()
    const visit: Visit = { address, problems: [] }
    watcher.begin(visit)
    await markDrawn(page)
    await openInApp(page, address)
    await newScreen(page, watcher.codeQuiet)
    const pending = await watcher.settle()
    if (pending !== null) visit.problems.push(`still loading after 8 s: ${pending}`)
    // A screen that sends the user on (a tenant's Company Profile to its company area) draws its title after the move,
    // which on a loaded machine, right after the login, can take seconds. The logged-out pages have no shell to title.
    if ((await page.locator("#mc-content").count()) > 0)
      await page
        .locator("#mc-content [data-testid=page-title]")
        .first()
        .waitFor({ timeout: 8_000 })
        .catch(() => undefined)
    const landed = (await page.evaluate(() => window.location.pathname)).toLowerCase()
    if (landed !== address.toLowerCase() && DEAD_ENDS.has(landed)) visit.problems.push(`sent away to ${landed}`)
    // A canonical address already checked under its own name is not checked again.
    if (!seen.has(landed)) {
      seen.add(landed)
      for (const failure of ["render-failure", "not-found", "not-available"])
        if (landed !== "/pagenotfound" && (await page.getByTestId(failure).count()) > 0) visit.problems.push(`shows ${failure}`)
      const history = HISTORY.test(address)
      // Both sizes, starting with the one the previous screen ended on: one resize per screen.
      for (const [n, viewport] of [SIZES[size], SIZES[1 - size]].entries()) {
        if (n > 0) await page.setViewportSize(viewport)
        const found = await page.evaluate(inspectScreen, {
          layout: true,
          words: n === 0,
          frame: n === 0,
          history: history && n === 0,
          namespaces: NAMESPACES,
        })
        if (shots && viewport.width === SIZES[0].width)
          await page.screenshot({ path: `.tmp/screenshots/tour/${shots}/${user}${landed.replace(/\//g, "_")}.png` })
        visit.problems.push(...found.layout.map((problem) => `${viewport.width}px: ${problem}`), ...found.content)
      }
      size = 1 - size
      if (check) visit.problems.push(...(await check(landed)))
    }
    failures.push(...[...new Set(visit.problems)].map((problem) => `${user} ${address}: ${problem}`))
    timings.push([address, Date.now() - started])
  }
  watcher.begin({ address: "", problems: [] })
  const slowest = timings.sort((a, b) => b[1] - a[1]).map(([address, ms]) => `${address} ${ms} ms`)
  return { failures, slowest }
}
