/**
 * The PBX softphone in Debian's Chromium against a real server and a real Kamailio on private ports: two agents of
 * tenant one (agent1 and admin; agent2 may not open /apps/pbxcalls) register their own extensions, call each other,
 * talk (WebRTC audio on loopback, checked with RTCPeerConnection stats on both sides), reject, hit the empty-number
 * alert, and watch the indicator follow Kamailio going away and coming back.
 */
import { expect } from "@playwright/test"
import { kamailioSkipReason } from "../../../server/sip/kamailio"
import { bytesReceived, card, test, timerSeconds } from "./pbx-lab.testing"

test.describe.configure({ mode: "serial" })
test.skip(kamailioSkipReason() !== null, "Kamailio with websocket and auth_ephemeral modules is not installed")

test("two agents register, call, talk with audio both ways, and hang up", async ({ browser, lab }) => {
  const alice = await lab.openPhone(browser, "agent1")
  const bob = await lab.openPhone(browser, "admin")
  console.log(`registration (page open to Registered): agent1 ${alice.registerMs} ms, admin ${bob.registerMs} ms`)
  expect(alice.extension).not.toBe(bob.extension)
  await expect(alice.page.locator("[data-testid=softphone-registration]")).toHaveText("Registered")
  await expect(alice.page.locator("[data-testid=softphone-extension]")).toHaveText(`Extension ${alice.extension}`)
  await alice.page.screenshot({ path: ".tmp/screenshots/pbx-registered.png" })

  // Dial with the keypad.
  for (const digit of bob.extension) await alice.page.click(`[data-testid=softphone-key-${digit}]`)
  await expect(alice.page.locator("[data-testid=softphone-number]")).toHaveValue(bob.extension)
  const dialled = Date.now()
  await alice.page.click("[data-testid=softphone-call]")
  await expect(card(alice.page)).toHaveAttribute("data-phase", "calling")
  await expect(card(bob.page)).toHaveAttribute("data-phase", "incoming")
  const ringMs = Date.now() - dialled
  await expect(bob.page.locator("[data-testid=softphone-status]")).toHaveText(`Incoming call from ${alice.extension}`)
  await bob.page.screenshot({ path: ".tmp/screenshots/pbx-incoming.png" })

  const answered = Date.now()
  await bob.page.click("[data-testid=softphone-answer]")
  await expect(card(bob.page)).toHaveAttribute("data-phase", "active")
  await expect(card(alice.page)).toHaveAttribute("data-phase", "active")
  console.log(`call setup: Call click to callee ringing ${ringMs} ms; Answer click to both connected ${Date.now() - answered} ms`)

  // Both timers run from the connection.
  await expect.poll(() => timerSeconds(alice.page), { timeout: 6_000 }).toBeGreaterThanOrEqual(2)
  await expect.poll(() => timerSeconds(bob.page), { timeout: 6_000 }).toBeGreaterThanOrEqual(2)

  // Audio flows both ways: inbound RTP bytes keep growing on each side.
  const [a1, b1] = [await bytesReceived(alice.page), await bytesReceived(bob.page)]
  expect(a1).toBeGreaterThan(0)
  expect(b1).toBeGreaterThan(0)
  await expect.poll(() => bytesReceived(alice.page), { timeout: 5_000 }).toBeGreaterThan(a1)
  await expect.poll(() => bytesReceived(bob.page), { timeout: 5_000 }).toBeGreaterThan(b1)
  await alice.page.screenshot({ path: ".tmp/screenshots/pbx-active.png" })

  await bob.page.click("[data-testid=softphone-end]")
  for (const phone of [alice, bob]) {
    await expect(card(phone.page)).toHaveAttribute("data-phase", "idle")
    await expect(phone.page.locator("[data-testid=softphone-timer]")).toHaveText("00:00")
    await expect(phone.page.locator("[data-testid=softphone-status]")).toHaveText("Ready")
  }
  await alice.close()
  await bob.close()
})

test("the callee rejects: both return to idle", async ({ browser, lab }) => {
  const alice = await lab.openPhone(browser, "agent1")
  const bob = await lab.openPhone(browser, "admin")
  await alice.page.fill("[data-testid=softphone-number]", bob.extension)
  await alice.page.click("[data-testid=softphone-call]")
  await expect(card(bob.page)).toHaveAttribute("data-phase", "incoming")
  await bob.page.click("[data-testid=softphone-reject]")
  await expect(card(bob.page)).toHaveAttribute("data-phase", "idle")
  await expect(card(alice.page)).toHaveAttribute("data-phase", "idle")
  await expect(alice.page.locator("[data-testid=softphone-timer]")).toHaveText("00:00")
  await expect(alice.page.locator("[data-testid=softphone-notice]")).toHaveText(`${bob.extension} declined the call.`)
  await alice.page.screenshot({ path: ".tmp/screenshots/pbx-declined.png" })
  await alice.close()
  await bob.close()
})

test("calling an extension nobody registered ends with a notice", async ({ browser, lab }) => {
  const alice = await lab.openPhone(browser, "agent1")
  await alice.page.fill("[data-testid=softphone-number]", "9999")
  await alice.page.click("[data-testid=softphone-call]")
  await expect(alice.page.locator("[data-testid=softphone-notice]")).toHaveText("9999 is not registered or does not exist.")
  await expect(card(alice.page)).toHaveAttribute("data-phase", "idle")
  await alice.close()
})

test("Call with no number alerts 'Enter phone number'", async ({ browser, lab }) => {
  const alice = await lab.openPhone(browser, "agent1")
  const messages: string[] = []
  alice.page.on("dialog", (dialog) => {
    messages.push(dialog.message())
    void dialog.accept()
  })
  await alice.page.click("[data-testid=softphone-call]")
  await expect.poll(() => messages).toEqual(["Enter phone number"])
  await expect(card(alice.page)).toHaveAttribute("data-phase", "idle")
  await alice.close()
})

test("Kamailio going away shows Not Registered, and Registered again when it is back", async ({ browser, lab }) => {
  const alice = await lab.openPhone(browser, "agent1")
  await lab.stopKamailio()
  const stopped = Date.now()
  await expect(alice.page.locator("[data-testid=softphone-registration]")).toHaveText("Not Registered", {
    timeout: 10_000,
  })
  console.log(`Kamailio stopped: Not Registered after ${Date.now() - stopped} ms`)
  await alice.page.screenshot({ path: ".tmp/screenshots/pbx-not-registered.png" })
  await lab.startKamailio()
  const restarted = Date.now()
  await expect(alice.page.locator("[data-testid=softphone-registration]")).toHaveText("Registered", { timeout: 15_000 })
  console.log(`Kamailio restarted: Registered again after ${Date.now() - restarted} ms`)
  await alice.close()
})

test("seven reloads in a row still leave the page Registered, and a call still reaches it", async ({ browser, lab }) => {
  const alice = await lab.openPhone(browser, "agent1")
  for (let reload = 1; reload <= 7; reload++) {
    await alice.page.reload()
    await expect(card(alice.page), `reload ${reload}`).toHaveAttribute("data-registration", "registered", { timeout: 10_000 })
  }
  await expect(alice.page.locator("[data-testid=softphone-registration]")).toHaveText("Registered")
  const bob = await lab.openPhone(browser, "admin")
  await bob.page.fill("[data-testid=softphone-number]", alice.extension)
  await bob.page.click("[data-testid=softphone-call]")
  await expect(card(alice.page)).toHaveAttribute("data-phase", "incoming")
  await bob.page.click("[data-testid=softphone-end]")
  await expect(card(alice.page)).toHaveAttribute("data-phase", "idle")
  await alice.close()
  await bob.close()
})

test("Arabic, right to left", async ({ browser, lab }) => {
  const alice = await lab.openPhone(browser, "agent1", "ar")
  await expect(alice.page.locator("html")).toHaveAttribute("dir", "rtl")
  await expect(alice.page.locator("[data-testid=softphone-registration]")).toHaveText("مسجَّل")
  await alice.page.screenshot({ path: ".tmp/screenshots/pbx-ar.png" })
  await alice.close()
})
