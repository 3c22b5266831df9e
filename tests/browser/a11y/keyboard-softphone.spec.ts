/**
 * The PBX softphone with the keyboard alone (WCAG 2.1.1, 2.4.3, 2.4.7, 4.1.3), against a real Kamailio (the
 * softphone specs' lab): agent1 presses Alt+N for the number field, types admin's extension and Enter; admin hears
 * the call announced and answers with Alt+A; agent1 mutes (Alt+M), holds and resumes (Alt+H), sends a tone by typing
 * a digit, reaches the call's controls by Tab in their order with a visible ring, and ends (Alt+X); the focus moves
 * to Mute when the field it was in goes away with the call, and stays on a control that outlives it. Every change is
 * said in the live region; the held call passes the axe audit. `?` lists the keys; Escape closes the list and gives the
 * focus back. Screenshots under .tmp/screenshots/keyboard/.
 */
import { expect, type Page, test } from "@playwright/test"
import { kamailioSkipReason } from "../../../server/sip/kamailio"
import { shot } from "../helpers"
import { card, startLab, type Lab } from "../softphone/pbx-lab.testing"
import { audit } from "./axe"
import { expectFocusInOverlay, expectVisibleFocus, pressUntilFocused } from "./keyboard-helpers"

let lab: Lab
test.skip(kamailioSkipReason() !== null, "Kamailio with websocket and auth_ephemeral modules is not installed")
test.beforeAll(async () => {
  lab = await startLab()
})
test.afterAll(async () => {
  await lab?.stop()
})

const polite = (page: Page) => page.getByTestId("live-polite")
const focusedTestId = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute("data-testid") ?? null)

test("an agent dials, answers, mutes, holds, sends a tone and hangs up with the keyboard alone", async ({ browser }) => {
  const alice = await lab.openPhone(browser, "agent1")
  const bob = await lab.openPhone(browser, "admin")
  const a = alice.page
  const b = bob.page

  // Alt+N: the number field; the number, Enter.
  await a.keyboard.press("Alt+n")
  await expect(a.getByTestId("softphone-number")).toBeFocused()
  await expectVisibleFocus(a)
  await a.keyboard.type(bob.extension)
  await a.keyboard.press("Enter")
  await expect(card(a)).toHaveAttribute("data-phase", "calling")
  await expect(polite(a)).toHaveText(`Calling ${bob.extension}`)

  // The callee hears it and answers with Alt+A.
  await expect(card(b)).toHaveAttribute("data-phase", "incoming")
  await expect(b.getByTestId("live-assertive")).toHaveText(`Incoming call from ${alice.extension}`)
  await b.keyboard.press("Alt+a")
  await expect(card(a)).toHaveAttribute("data-phase", "active")
  await expect(polite(a)).toHaveText(`Connected to ${bob.extension}`)
  // The number field went away with the idle phase: once connected, its focus is on Mute (never End).
  await expect(a.getByTestId("softphone-mute")).toBeFocused()

  // The call's controls in order by Tab: Mute, Hold, Transfer, End, then the tones keypad.
  await pressUntilFocused(a, a.getByTestId("softphone-mute"), "Shift+Tab")
  const order: (string | null)[] = [await focusedTestId(a)]
  for (let i = 0; i < 4; i++) {
    await a.keyboard.press("Tab")
    order.push(await focusedTestId(a))
  }
  expect(order).toEqual(["softphone-mute", "softphone-hold", "softphone-transfer", "softphone-end", "softphone-key-1"])
  await expectVisibleFocus(a)

  await a.keyboard.press("Alt+m")
  await expect(a.getByTestId("softphone-mute")).toHaveAttribute("aria-pressed", "true")
  await expect(polite(a)).toHaveText("Microphone muted")
  await a.keyboard.press("Alt+h")
  await expect(a.getByTestId("softphone-hold")).toHaveAttribute("aria-pressed", "true")
  await expect(polite(a)).toHaveText(`Call with ${bob.extension} on hold`)
  await expect(a.getByTestId("softphone-status")).toHaveText(`On hold with ${bob.extension}`)
  await shot(a, "keyboard/softphone-held-en")
  // The softphone in a call is one of the audit's open states (the tour sees it idle only).
  expect((await audit(a, "softphone in a call, held, en light")).failures).toEqual([])
  await a.keyboard.press("Alt+h")
  await expect(a.getByTestId("softphone-hold")).toHaveAttribute("aria-pressed", "false")
  await expect(polite(a)).toHaveText(`Call with ${bob.extension} resumed`)
  await a.keyboard.press("Alt+m")
  await expect(a.getByTestId("softphone-mute")).toHaveAttribute("aria-pressed", "false")
  await expect(polite(a)).toHaveText("Microphone on")

  // A digit typed on the call (focus on a button, not a field) is a tone.
  await a.keyboard.press("5")
  await a.keyboard.press("#")
  await expect(a.getByTestId("softphone-tones")).toHaveText("Tones sent: \u20685#\u2069")

  // Alt+X ends; End went away, so the focus is back in the number field.
  await a.keyboard.press("Alt+x")
  await expect(card(a)).toHaveAttribute("data-phase", "idle")
  await expect(card(b)).toHaveAttribute("data-phase", "idle")
  await expect(polite(a)).toHaveText(`Call with ${bob.extension} ended`)
  // The keypad key that had the focus stays (it writes the number again); Alt+N goes back to the field.
  expect(await focusedTestId(a)).toBe("softphone-key-1")
  await a.keyboard.press("Alt+n")
  await expect(a.getByTestId("softphone-number")).toBeFocused()

  // `?` (outside a field) lists the softphone's keys; Escape gives the focus back to where it was.
  await a.keyboard.press("Shift+Tab")
  await expect(a.getByTestId("softphone-keys-open")).toBeFocused()
  await a.keyboard.press("?")
  const keys = a.getByRole("dialog", { name: "Softphone keyboard shortcuts" })
  await expect(keys).toContainText("Go to the phone number")
  await shot(a, "keyboard/softphone-keys-en")
  await expectFocusInOverlay(a)
  await a.keyboard.press("Escape")
  await expect(keys).toHaveCount(0)
  await expect(a.getByTestId("softphone-keys-open")).toBeFocused()

  await alice.close()
  await bob.close()
})
