/**
 * The screen half of `npm run bench:inbox`: a customer's message to the agent's screen, with 20 agents connected
 * (goal: p99 under 300 ms). One agent (agent1) has the built console open on /apps/chat in Debian Chromium, the
 * "all" box showing and one conversation open in the thread; 19 more agents hold socket.io connections. For each
 * customer message (POST /dev/simulator/messages, unique text) the script notes Date.now() before the POST; in the
 * page a MutationObserver notes the text's arrival in the conversation list (the row's preview) and in the open
 * thread, and the next animation frame (the frame that paints it) stamps performance.timeOrigin + performance.now().
 * Browser and script share the machine's clock. Same approach as scripts/bench-calls.ts (call-is-coming -> card).
 * The final screen is saved as .tmp/screenshots/bench-inbox-screen.png.
 */
import { mkdirSync } from "node:fs"
import { chromium } from "@playwright/test"
import { io, type Socket } from "socket.io-client"

export interface ScreenOptions {
  /** Agents connected in all: the browser's agent plus agents - 1 sockets. */
  readonly agents: number
  /** Measured messages (after a few warm-up ones); every third goes to the conversation open in the thread. */
  readonly sends: number
  readonly login: (username: string) => Promise<string>
  /** The server's per-start key for the development hooks (server/dev/access.ts). */
  readonly devKey: string
}

export interface ScreenSamples {
  /** Customer's POST -> the frame painting the text in the conversation list, every message. */
  readonly list: number[]
  /** Customer's POST -> the frame painting the text in the open thread, messages to that conversation. */
  readonly thread: number[]
  /** chat:message events the other agents' sockets got for these messages, and how many they should have got. */
  readonly socketsDelivered: number
  readonly socketsExpected: number
}

const WARMUP = 5

/** Runs in the page: stamps the paint frame of each "s<tag> <n> end" text (short enough to show whole in a row) in the list and in the thread. */
const observe = () => {
  const seen: Record<string, number> = {}
  const pending = new Set<string>()
  const pattern = /s\d+ \d+ end/g
  ;(globalThis as { __screenSeen?: Record<string, number> }).__screenSeen = seen
  // No named inner functions: tsx's keepNames would wrap them in a __name() the page does not have.
  new MutationObserver(() => {
    const before = pending.size
    for (const [selector, where] of [
      ["[data-testid=chat-list]", "list"],
      ["[data-testid=chat-transcript]", "thread"],
    ] as const) {
      for (const text of document.querySelector(selector)?.textContent?.match(pattern) ?? []) {
        const key = `${where}|${text}`
        if (!(key in seen)) pending.add(key)
      }
    }
    if (before === 0 && pending.size > 0)
      requestAnimationFrame(() => {
        const now = performance.timeOrigin + performance.now()
        for (const key of pending) seen[key] ??= now
        pending.clear()
      })
  }).observe(document.body, { childList: true, subtree: true, characterData: true })
}

export const measureScreen = async (url: string, options: ScreenOptions): Promise<ScreenSamples> => {
  const sockets: Socket[] = []
  let socketsDelivered = 0
  for (let i = 1; i < options.agents; i++) {
    const userToken = await options.login(`bench-agent-${i}`)
    sockets.push(
      await new Promise<Socket>((resolve, reject) => {
        const socket = io(url, {
          path: "/rt/socket.io",
          transports: ["websocket"],
          auth: { user_token: userToken },
          reconnection: false,
          forceNew: true,
        })
        socket.once("connect", () => resolve(socket))
        socket.once("connect_error", reject)
        socket.on("chat:message", (p: { message: { body: string | null } }) => {
          if (/^s\d+ \d+ end$/.test(p.message.body ?? "")) socketsDelivered++
        })
      }),
    )
  }
  mkdirSync(".tmp/screenshots", { recursive: true })
  const browser = await chromium.launch({ executablePath: "/usr/bin/chromium" })
  const tag = Date.now().toString().slice(-6)
  const openNumber = `+82${tag}999`
  const customerWrites = async (number: string, text: string) => {
    const response = await fetch(`${url}/dev/simulator/messages`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-dev-key": options.devKey },
      body: JSON.stringify({ clientId: 1, channel: "whatsapp", number, name: `Screen ${number.slice(-4)}`, text }),
    })
    if (!response.ok) throw new Error(`hook ${response.status} ${await response.text()}`)
  }
  try {
    const page = await browser.newPage({ viewport: { width: 1366, height: 860 } })
    await page.goto(`${url}/login`)
    await page.waitForSelector("[data-testid=login-form]")
    await page.fill("#login-username", "agent1")
    await page.fill("#login-password", "demo1234")
    await page.click("[data-testid=login-submit]")
    await page.waitForURL((u) => u.pathname !== "/login")
    await page.goto(`${url}/apps/chat`)
    await page.waitForSelector("[data-testid=chat-inbox][data-connection=connected]", { timeout: 30_000 })
    await page.click("[data-testid=chat-box-all]")
    await page.waitForSelector("[data-testid=chat-list] [data-testid=chat-conversation]", { timeout: 30_000 })
    // The conversation kept open in the thread: a fresh customer, selected once it is in the list.
    await customerWrites(openNumber, `opening ${tag}`)
    await page.click(`[data-testid=chat-conversation][data-number="${openNumber}"]`, { timeout: 10_000 })
    await page.waitForSelector("[data-testid=chat-transcript] [data-testid=chat-message]", { timeout: 10_000 })
    await page.waitForTimeout(500)
    await page.evaluate(observe)

    const list: number[] = []
    const thread: number[] = []
    for (let i = 0; i < options.sends + WARMUP; i++) {
      const toOpen = i % 3 === 0
      const number = toOpen ? openNumber : `+82${tag}${String(i % 25).padStart(3, "0")}`
      const text = `s${tag} ${i} end`
      const started = Date.now()
      await customerWrites(number, text)
      const keys = [`list|${text}`, ...(toOpen ? [`thread|${text}`] : [])]
      await page
        .waitForFunction((want) => want.every((k) => k in ((globalThis as { __screenSeen?: object }).__screenSeen ?? {})), keys, {
          timeout: 10_000,
          polling: 20,
        })
        .catch(async (error: unknown) => {
          await page.screenshot({ path: ".tmp/screenshots/bench-inbox-screen-timeout.png" })
          const state = await page.evaluate(() => JSON.stringify((globalThis as { __screenSeen?: object }).__screenSeen))
          throw new Error(
            `${text} not painted (wanted ${keys.join(", ")}; seen ${state}; screenshot .tmp/screenshots/bench-inbox-screen-timeout.png)`,
            {
              cause: error,
            },
          )
        })
      const seen = await page.evaluate(
        (want) => want.map((k) => (globalThis as unknown as { __screenSeen: Record<string, number> }).__screenSeen[k]!),
        keys,
      )
      if (i >= WARMUP) {
        list.push(seen[0]! - started)
        if (toOpen) thread.push(seen[1]! - started)
      }
      // Agents do not get messages back to back: a short gap lets the page settle as it would between customers.
      await page.waitForTimeout(50)
    }
    await page.screenshot({ path: ".tmp/screenshots/bench-inbox-screen.png" })
    return { list, thread, socketsDelivered, socketsExpected: sockets.length * (options.sends + WARMUP) }
  } finally {
    await browser.close()
    for (const socket of sockets) socket.close()
  }
}
