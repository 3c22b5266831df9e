/**
 * Phone numbers through the tenant's SIP trunk: the simulator's test trunk (a baresip carrier on 127.0.0.2, plain
 * RTP, PCMU) plays the carrier. The admin sets the trunk through the API; the browser dials an E.164 number that
 * leaves through it and is answered there (audio both ways, through rtpengine), and the carrier's call to the
 * tenant's number rings the browser.
 */
import { expect } from "@playwright/test"
import { startTestTrunk, type TestTrunk } from "../../../server/sip/test-trunk"
import { bytesReceived, card, gatewaySkipReason, test } from "./pbx-lab.testing"

let carrier: TestTrunk
/** The tenant's trunk to the carrier, set for these tests and disabled after them (the lab is shared). */
const trunk = (enabled: boolean) => ({
  enabled,
  host: carrier.host,
  port: carrier.port,
  transport: "udp",
  auth: "ip",
  username: "",
  password: "",
  number_format: "e164",
  country_code: "",
  national_prefix: "",
  international_prefix: "",
  caller_id: "+4930555000",
  inbound_numbers: ["+4930555001"],
  ring_user_ids: [],
})
test.describe.configure({ mode: "serial" })
test.skip(gatewaySkipReason() !== null, "Kamailio, rtpengine or baresip is not installed")
test.beforeAll(async ({ lab }) => {
  carrier = await startTestTrunk()
  await carrier.subscriber("+4989123456")
  const saved = await lab.api("admin", "pbx", "setPbxTrunk", trunk(true))
  expect(saved.status).toBe(200)
})
test.afterAll(async ({ lab }) => {
  await carrier?.stop()
  expect((await lab.api("admin", "pbx", "setPbxTrunk", trunk(false))).status).toBe(200)
})

test("the browser dials an E.164 number: it leaves through the trunk with the tenant's caller id and is answered there", async ({
  browser,
  lab,
}) => {
  const alice = await lab.openPhone(browser, "agent1")
  const answered = carrier.phone.next("CALL_ESTABLISHED", 15_000)
  await alice.page.fill("[data-testid=softphone-number]", "+4989123456")
  const dialled = performance.now()
  await alice.page.click("[data-testid=softphone-call]")
  expect((await answered).peeruri).toBe("sip:+4930555000@127.0.0.2")
  await expect(card(alice.page)).toHaveAttribute("data-phase", "active")
  console.log(`call setup browser -> trunk (Call click to connected, carrier auto-answers): ${(performance.now() - dialled).toFixed(0)} ms`)
  await expect(alice.page.locator("[data-testid=softphone-status]")).toHaveText("In call with +4989123456")
  await expect.poll(() => bytesReceived(alice.page), { timeout: 5_000 }).toBeGreaterThan(2000)
  await expect.poll(() => carrier.phone.heardPeak(), { timeout: 5_000 }).toBeGreaterThan(1000)
  await alice.page.screenshot({ path: ".tmp/screenshots/pbx-trunk-out.png" })
  const closed = carrier.phone.next("CALL_CLOSED")
  await alice.page.click("[data-testid=softphone-end]")
  await closed
  await expect(card(alice.page)).toHaveAttribute("data-phase", "idle")
  await alice.close()
})

test("a call from the trunk to the tenant's number rings the browser, which answers; audio flows both ways", async ({ browser, lab }) => {
  const alice = await lab.openPhone(browser, "agent1")
  const dialled = performance.now()
  await carrier.dial("+4930555001", `127.0.0.1:${lab.sipPort}`)
  await expect(card(alice.page)).toHaveAttribute("data-phase", "incoming")
  console.log(`trunk -> browser ringing (carrier dials to the page ringing): ${(performance.now() - dialled).toFixed(0)} ms`)
  await expect(alice.page.locator("[data-testid=softphone-status]")).toHaveText("Incoming call from carrier")
  await alice.page.screenshot({ path: ".tmp/screenshots/pbx-trunk-in.png" })
  const established = carrier.phone.next("CALL_ESTABLISHED")
  await alice.page.click("[data-testid=softphone-answer]")
  await established
  await expect(card(alice.page)).toHaveAttribute("data-phase", "active")
  await expect.poll(() => bytesReceived(alice.page), { timeout: 5_000 }).toBeGreaterThan(2000)
  await expect.poll(() => carrier.phone.heardPeak(), { timeout: 5_000 }).toBeGreaterThan(1000)
  await carrier.phone.command("hangup")
  await expect(card(alice.page)).toHaveAttribute("data-phase", "idle")
  await alice.close()
})
