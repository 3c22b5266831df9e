/**
 * Two server PROCESSES in Chromium: its own PostgreSQL, Redis, two `server/main.ts` child processes and
 * HAProxy (scripts/cluster-kit.ts). Pinning: `balance: "failover"` makes n2 n1's HAProxy backup, so agent1, who
 * comes in through HAProxy, is on node A for certain, and on B once A is down; admin (the second agent: the demo's
 * agent2 holds no call permission) opens node B's own port. A customer's message through B reaches agent1's inbox on
 * A; a call shows a ringing card on both, admin accepts it on B and agent1's card goes; a second call rings agent1
 * alone (admin is busy in the first), A is killed with SIGKILL, agent1's console reconnects through HAProxy to B with
 * the ringing card still there, and agent1 answers it on B.
 */
import { join, resolve } from "node:path"
import { type BrowserContext, expect, type Page, test } from "@playwright/test"
import { type Cluster, startCluster } from "../../../scripts/cluster-kit"
import { browserDist, callCard, goOnline, login } from "../helpers"

const SHOTS = ".tmp/screenshots/cluster"
let cluster: Cluster
const contexts: BrowserContext[] = []

test.beforeAll(async () => {
  test.setTimeout(240_000)
  const root = resolve(import.meta.dirname, "..", "..", "..")
  const started = Date.now()
  cluster = await startCluster({
    nodes: 2,
    port: 0,
    dir: join(root, ".tmp", "cluster-browser"),
    balance: "failover",
    // The console global-setup.ts built for this run; no load shedding on a loaded CI machine (as test servers).
    env: { DIST_DIR: browserDist(), SHED_AFTER_MS: "0" },
    log: () => {},
  })
  console.log(`[cluster] PostgreSQL, Redis, two node processes and HAProxy up in ${Date.now() - started} ms`)
})

test.afterAll(async () => {
  for (const context of contexts) await context.close()
  await cluster?.stop()
})

const dev = async (url: string, path: string, body: Record<string, unknown>) => {
  const response = await fetch(`${url}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-dev-key": cluster.devKey },
    body: JSON.stringify({ clientId: 1, ...body }),
  })
  expect(response.status).toBe(200)
  return ((await response.json()) as { data: Record<string, unknown> }).data
}
const ring = async (url: string, number: string) =>
  String((await dev(url, "/dev/simulator/calls", { number, name: `Customer ${number.slice(-3)}` })).callId)

const shot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/${name}.png` })

test("agent1 on node A, admin on node B: a message and calls cross the nodes; kill -9 of A moves agent1 to B", async ({ browser }) => {
  const [nodeA, nodeB] = cluster.nodes
  const open = async (url: string, username: string) => {
    const context = await browser.newContext()
    contexts.push(context)
    const page = await context.newPage()
    await login(page, username, undefined, url)
    await page.goto(`${url}/apps/chat`)
    await expect(page.getByTestId("chat-inbox")).toHaveAttribute("data-connection", "connected")
    await goOnline(page)
    return page
  }
  const agent1 = await open(cluster.url, "agent1")
  const admin = await open(nodeB.url, "admin")
  const inbox = agent1.getByTestId("chat-inbox")

  // A customer writes through node B: agent1's inbox on A shows it without a reload.
  const number = `90555${String(Date.now()).slice(-7)}`
  await agent1.getByTestId("chat-box-all").click()
  await dev(nodeB.url, "/dev/simulator/messages", { channel: "whatsapp", number, name: "Cluster Customer", text: "Hello from node B" })
  await expect(agent1.locator(`[data-testid=chat-conversation][data-number="${number}"]`)).toBeVisible()
  await shot(agent1, "01-agent1-on-A-message-via-B")

  // A call rung through B rings both; admin accepts on B and agent1's card on A goes.
  const first = await ring(nodeB.url, "+905550007101")
  for (const page of [agent1, admin]) await expect(callCard(page, first)).toBeVisible()
  await shot(agent1, "02-agent1-ringing")
  await callCard(admin, first).getByTestId("call-accept").click()
  await expect(callCard(agent1, first)).toHaveCount(0)
  await expect(callCard(admin, first)).toHaveAttribute("data-phase", "connected", { timeout: 15_000 })
  await shot(admin, "03-admin-on-B-connected")

  // A second call, rung through A (A set its ring timeout): it rings agent1 only, admin being in a call (the tenant
  // has no call waiting); then kill -9 of A.
  const second = await ring(nodeA.url, "+905550007102")
  await expect(callCard(agent1, second)).toBeVisible()
  await expect(callCard(admin, second)).toHaveCount(0)
  // Every state the inbox's connection shows from now on (a reconnect can be quicker than a poll).
  await inbox.evaluate((element) => {
    const seen: string[] = []
    ;(globalThis as { __connections?: string[] }).__connections = seen
    new MutationObserver(() => seen.push(element.getAttribute("data-connection") ?? "")).observe(element, {
      attributeFilter: ["data-connection"],
    })
  })
  const connections = () => agent1.evaluate(() => (globalThis as { __connections?: string[] }).__connections ?? [])
  const killedAt = Date.now()
  cluster.kill(0)
  // agent1 was on A: the console loses its socket, then comes back through HAProxy, now on B.
  await expect.poll(async () => (await connections()).some((state) => state !== "connected")).toBe(true)
  await shot(agent1, "04-agent1-reconnecting")
  await expect(inbox).toHaveAttribute("data-connection", "connected", { timeout: 20_000 })
  expect((await connections()).at(-1)).toBe("connected")
  console.log(`[cluster] agent1's console live again on B ${Date.now() - killedAt} ms after kill -9 of A`)
  await expect(callCard(agent1, second)).toBeVisible()
  await expect(callCard(agent1, second)).toHaveAttribute("data-phase", "ringing")
  await shot(agent1, "05-agent1-on-B-card-still-ringing")

  // The call A rang is answered by agent1, now on B; admin never had its card, and admin's own call on B went on.
  await callCard(agent1, second).getByTestId("call-accept").click()
  await expect(callCard(agent1, second)).toHaveAttribute("data-phase", "connected", { timeout: 15_000 })
  await expect(callCard(admin, second)).toHaveCount(0)
  await expect(callCard(admin, first)).toHaveAttribute("data-phase", "connected")
  await shot(agent1, "06-agent1-on-B-connected")
  await callCard(agent1, second).getByTestId("call-end").click()
  await callCard(admin, first).getByTestId("call-end").click()
  await expect(callCard(agent1, second)).toHaveCount(0)
  await expect(callCard(admin, first)).toHaveCount(0)
})
