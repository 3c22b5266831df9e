/**
 * The agent's day with the keyboard alone (WCAG 2.1.1, 2.4.3, 2.4.7, 2.4.11, 4.1.3): agent1 signs in, goes online,
 * jumps to the chat with Ctrl+K, hears a new conversation join the queue, moves to it with Alt+↓, takes it, replies
 * with a canned answer, finds it again by the customer's number from another screen with Ctrl+K, labels it and closes
 * it; then a WhatsApp call from the simulator is alerted once with the caller's name and number, its card takes the
 * focus, and the agent accepts, mutes and ends it. No click, no mouse:
 * the customer's side (a message, a call) comes from the simulator's hooks. Screenshots of the focus are saved under
 * .tmp/screenshots/keyboard/, in English and Arabic.
 */
import { expect, type Page, test } from "@playwright/test"
import { customerWrites, freshNumber, row } from "../chat/chat-inbox-helpers"
import { baseUrl, callCard, devHeaders, shot } from "../helpers"
import { expectFocusInOverlay, expectVisibleFocus, keyboardLogin, pressUntilFocused } from "./keyboard-helpers"

const SHOTS = "keyboard"

const goOnlineByKeyboard = async (page: Page) => {
  const presence = page.getByTestId("presence")
  await pressUntilFocused(page, presence)
  await expectVisibleFocus(page)
  if (!(await presence.isChecked())) await page.keyboard.press("Space")
  await expect(presence).toBeChecked()
  // The switch keeps the focus through the change.
  await expect(presence).toBeFocused()
}

/** Ctrl+K, a screen's name, ↓ until `path` is highlighted, Enter. */
const jumpTo = async (page: Page, name: string, path: string, shotName?: string) => {
  await page.keyboard.press("Control+k")
  await expect(page.getByTestId("jump-input")).toBeFocused()
  await page.keyboard.type(name)
  const highlighted = page.locator("[data-testid=jump-option][aria-selected=true]")
  await expect(highlighted).toHaveCount(1)
  for (let i = 0; i < 10 && (await highlighted.getAttribute("data-path")) !== path; i++) await page.keyboard.press("ArrowDown")
  await expect(highlighted).toHaveAttribute("data-path", path)
  if (shotName) await shot(page, `${SHOTS}/${shotName}`)
  await page.keyboard.press("Enter")
  await page.waitForURL((url) => url.pathname === path)
  // The box holds the focus until its closing transition ends.
  await expect(page.getByTestId("jump-input")).toHaveCount(0)
}

const ring = async (page: Page, number: string, name: string) => {
  const response = await page.request.post(`${baseUrl()}/dev/simulator/calls`, {
    data: { clientId: 1, number, name },
    headers: devHeaders(),
  })
  expect(response.status()).toBe(200)
  return ((await response.json()) as { data: { callId: string } }).data.callId
}

const answerMuteEnd = async (page: Page, callId: string, lang: string) => {
  const card = callCard(page, callId)
  await expect(card).toHaveAttribute("data-phase", "ringing")
  // Not typing: the ringing card has the focus, on Accept.
  await expect(card.getByTestId("call-accept")).toBeFocused()
  await expectVisibleFocus(page)
  await shot(page, `${SHOTS}/call-ringing-${lang}`)
  await page.keyboard.press("Enter")
  await expect(card).not.toHaveAttribute("data-phase", "ringing")
  await pressUntilFocused(page, card.getByTestId("call-mute"))
  await page.keyboard.press("Enter")
  await expect(card.getByTestId("call-mute")).toHaveText(lang === "ar" ? /إلغاء/ : /Unmute/)
  await shot(page, `${SHOTS}/call-muted-${lang}`)
  await pressUntilFocused(page, card.getByTestId("call-end"), "Shift+Tab")
  await page.keyboard.press("Enter")
  await expect(card).toHaveCount(0)
}

test("agent1 works a conversation and a WhatsApp call with the keyboard alone", async ({ page }) => {
  test.setTimeout(120_000)
  await keyboardLogin(page, "agent1")

  // On a page just opened, the skip link is the first tab stop and moves the focus to the main content.
  await page.goto(`${baseUrl()}/apps/profile`)
  await expect(page.getByTestId("profile-page")).toBeVisible()
  await page.keyboard.press("Tab")
  await expect(page.locator(".mc-skip")).toBeFocused()
  await expect(page.locator(".mc-skip")).toHaveText("Skip to main content")
  await shot(page, `${SHOTS}/skip-link-en`)
  await page.keyboard.press("Enter")
  await expect(page.locator("#mc-content")).toBeFocused()

  await goOnlineByKeyboard(page)
  await shot(page, `${SHOTS}/online-en`)

  // Ctrl+K, the chat screen's name ("Conversation"), Enter.
  await jumpTo(page, "Conversation", "/apps/chat", "quick-jump-en")
  await expect(page.getByTestId("chat-inbox")).toHaveAttribute("data-connection", "connected")

  // The queue: the Unassigned box, by Tab and Enter.
  await pressUntilFocused(page, page.getByTestId("chat-box-unassigned"))
  await page.keyboard.press("Enter")
  const number = freshNumber()
  await customerWrites(page, number, "Where is my parcel?")
  await expect(row(page, number)).toBeVisible()
  await expect(page.getByTestId("live-polite")).toHaveText(`New conversation in the queue from Customer ${number.slice(-4)}`)

  // Alt+↓ through the queue until the new conversation is open.
  for (let i = 0; i < 40 && (await row(page, number).getAttribute("aria-current")) !== "true"; i++)
    await page.keyboard.press("Alt+ArrowDown")
  await expect(row(page, number)).toHaveAttribute("aria-current", "true")
  await expect(page.getByTestId("chat-thread")).toContainText("Where is my parcel?")

  // ? lists the shortcuts; Escape gives the focus back.
  const before = await page.evaluate(() => document.activeElement?.getAttribute("data-testid") ?? null)
  await page.keyboard.press("?")
  const list = page.getByRole("dialog", { name: "Keyboard shortcuts" })
  await expect(list).toBeVisible()
  await expect(list).toContainText("Labels of the conversation")
  await shot(page, `${SHOTS}/shortcuts-en`)
  await expectFocusInOverlay(page)
  await page.keyboard.press("Escape")
  await expect(list).toHaveCount(0)
  expect(await page.evaluate(() => document.activeElement?.getAttribute("data-testid") ?? null)).toBe(before)

  // Take it (Alt+A), write (Alt+R), a canned answer through `/`, Enter to pick, Enter to send.
  await page.keyboard.press("Alt+a")
  await expect(page.getByTestId("chat-input")).toBeVisible()
  await page.keyboard.press("Alt+r")
  await expect(page.getByTestId("chat-input")).toBeFocused()
  await page.keyboard.type("/")
  const canned = page.getByTestId("chat-canned-item").first()
  await expect(canned).toBeVisible()
  const cannedText = (await canned.locator(".mc-muted").textContent())?.trim() ?? ""
  await page.keyboard.press("Enter")
  await expect(page.getByTestId("chat-input")).toHaveValue(cannedText)
  await page.keyboard.press("Enter")
  await expect(page.locator("[data-testid=chat-message][data-direction=outbound]").filter({ hasText: cannedText })).toHaveCount(1)

  // The customer answers: the open conversation's new message is said politely.
  await customerWrites(page, number, "Thanks!")
  await expect(page.getByTestId("live-polite")).toHaveText(`New message from Customer ${number.slice(-4)}: Thanks!`)

  // From another screen, Ctrl+K finds the customer by their number; Enter opens their conversation.
  await jumpTo(page, "Profile", "/apps/profile")
  await page.keyboard.press("Control+k")
  await page.keyboard.type(number.slice(-7))
  const found = page.locator("[data-testid=jump-option][data-conversation]")
  await expect(found).toHaveCount(1)
  await expect(found).toContainText(`Customer ${number.slice(-4)}`)
  for (let i = 0; i < 10 && (await found.getAttribute("aria-selected")) !== "true"; i++) await page.keyboard.press("ArrowDown")
  await shot(page, `${SHOTS}/quick-jump-customer-en`)
  await page.keyboard.press("Enter")
  await page.waitForURL((url) => url.pathname === "/apps/chat")
  await expect(row(page, number)).toHaveAttribute("aria-current", "true")
  await expect(page.getByTestId("chat-thread")).toContainText("Thanks!")

  // A label (Alt+L, Tab to the first, Space), then close (Alt+C, a resolution, Tab to Close, Enter).
  await page.keyboard.press("Alt+l")
  const option = page.getByTestId("chat-label-option").first()
  await expect(option).toBeVisible()
  const label = (await option.textContent())?.trim() ?? ""
  await pressUntilFocused(page, option.locator("input"))
  await expectVisibleFocus(page)
  await page.keyboard.press("Space")
  await expect(page.getByTestId("chat-thread").locator(".mc-thread-sub")).toContainText(label)
  await shot(page, `${SHOTS}/label-en`)
  await page.keyboard.press("Escape")
  await page.keyboard.press("Alt+c")
  await expect(page.locator("#chat-close-resolution")).toBeFocused()
  await page.keyboard.type("Parcel found")
  await pressUntilFocused(page, page.getByTestId("chat-close-submit"))
  await shot(page, `${SHOTS}/close-en`)
  await page.keyboard.press("Enter")
  await expect(page.getByTestId("chat-thread-status")).toHaveText(/closed/i)
  // The dialog gives the focus back as its closing transition ends: the next keys wait for it.
  await expect(page.getByTestId("chat-close-submit")).toHaveCount(0)
  await expect(page.getByRole("dialog")).toHaveCount(0)

  // To the profile, where the single-key shortcuts are turned off below. On the way a call: one alert with the
  // caller's name and number; the card takes the focus (the agent is not typing).
  await jumpTo(page, "Profile", "/apps/profile")
  const caller = `+90555${String(Date.now()).slice(-7)}`
  const callId = await ring(page, caller, "Keyboard Kemal")
  await expect(page.getByTestId("live-assertive")).toHaveText(`Incoming WhatsApp call from Keyboard Kemal, ${caller}`)
  await answerMuteEnd(page, callId, "en")

  // WCAG 2.1.4: single-key shortcuts turned off in the profile; then `?` does nothing and F1 still lists them.
  await pressUntilFocused(page, page.getByTestId("profile-single-keys"))
  await expectVisibleFocus(page)
  await page.keyboard.press("Space")
  await expect(page.getByTestId("profile-single-keys")).not.toBeChecked()
  await shot(page, `${SHOTS}/single-keys-off-en`)
  await jumpTo(page, "Conversation", "/apps/chat")
  await expect(page.getByTestId("chat-inbox")).toHaveAttribute("data-connection", "connected")
  await page.keyboard.press("?")
  await expect(page.getByRole("dialog", { name: "Keyboard shortcuts" })).toHaveCount(0)
  await page.keyboard.press("F1")
  await expect(page.getByRole("dialog", { name: "Keyboard shortcuts" })).toContainText("Single-key shortcuts are off")
})

test("in Arabic the call is alerted in Arabic and worked by the keyboard; typing keeps its caret", async ({ page }) => {
  await page.addInitScript(() => window.localStorage.setItem("i18nextLng", "ar"))
  await keyboardLogin(page, "agent1")
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl")
  await page.goto(`${baseUrl()}/apps/profile`)
  await expect(page.getByTestId("profile-page")).toBeVisible()
  await page.keyboard.press("Tab")
  await expect(page.locator(".mc-skip")).toBeFocused()
  await shot(page, `${SHOTS}/skip-link-ar`)
  await goOnlineByKeyboard(page)
  await shot(page, `${SHOTS}/online-ar`)

  // Typing in a field: the card rings without taking the caret away.
  await page.keyboard.press("Control+k")
  await expect(page.getByTestId("jump-input")).toBeFocused()
  await page.keyboard.type("د")
  const typing = `+90555${String(Date.now()).slice(-7)}`
  const first = await ring(page, typing, "كريم")
  await expect(page.getByTestId("live-assertive")).toHaveText(`مكالمة واتساب واردة من كريم، ${typing}`)
  await expect(callCard(page, first)).toBeVisible()
  await expect(page.getByTestId("jump-input")).toBeFocused()
  await shot(page, `${SHOTS}/typing-kept-ar`)
  await page.keyboard.press("Escape")
  await pressUntilFocused(page, callCard(page, first).getByTestId("call-reject"))
  await page.keyboard.press("Enter")
  await expect(callCard(page, first)).toHaveCount(0)

  const caller = `+90555${String(Date.now() + 1).slice(-7)}`
  const callId = await ring(page, caller, "سلمى")
  await expect(page.getByTestId("live-assertive")).toHaveText(`مكالمة واتساب واردة من سلمى، ${caller}`)
  await answerMuteEnd(page, callId, "ar")
})
