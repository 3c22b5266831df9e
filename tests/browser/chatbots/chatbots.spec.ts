/**
 * Chatbots in Chromium against the seeded server: build a three-node bot (greeting → question → hand-off) in the
 * graph editor, try it as a simulated customer, save it; a real customer then walks it on WhatsApp and reaches an
 * agent, whose thread shows the bot's messages marked Chatbot. English and Arabic screenshots.
 */
import { expect, test } from "@playwright/test"
import { customerWrites, freshNumber, openInbox, phoneOf, row } from "../chat/chat-inbox-helpers"
import { baseUrl, login, loginTo, shot } from "../helpers"

test("Chatbots: build a three-node bot, try it, save it; a customer walks it to an agent; Arabic mirrors", async ({ page }) => {
  const keyword = `hello${Date.now().toString(36)}`
  const name = `Greeter ${keyword}`
  await loginTo(page, "admin", "/adminchatbot")
  await expect(page.getByTestId("page-title")).toHaveText("Chatbots")

  await page.getByTestId("chatbots-new").click()
  const editor = page.getByTestId("bot-editor")
  await editor.getByTestId("bot-name").fill(name)
  await editor.getByTestId("bot-keywords").fill(keyword)
  // The starter flow: welcome → agent. Add a question between them.
  await expect(editor.getByTestId("bot-node")).toHaveCount(2)
  await editor.getByTestId("bot-add-question").click()
  await expect(editor.getByTestId("bot-node")).toHaveCount(3)
  await expect(editor.getByTestId("bot-problems")).toContainText("question-1 cannot be reached from the start")
  await editor.getByTestId("bot-node-text").fill("What is your name?")
  await editor.getByTestId("bot-node-next").selectOption("agent")
  await editor.locator('[data-testid=bot-node][data-node="welcome"]').click()
  await editor.getByTestId("bot-node-next").selectOption("question-1")
  await expect(editor.getByTestId("bot-valid")).toBeVisible()
  await expect(editor.getByTestId("bot-arrow")).toHaveCount(2)

  // Try it: nothing is sent, the same steps run.
  await editor.getByTestId("bot-try-start").click()
  await expect(editor.getByTestId("bot-try-bot")).toHaveText(["Hello! How can we help?", "What is your name?"])
  await editor.getByTestId("bot-try-text").fill("Ana")
  await editor.getByTestId("bot-try-send").click()
  await expect(editor.getByTestId("bot-try-system")).toHaveText("Handed to an agent")
  await shot(page, "chatbots/editor-en")

  await editor.getByTestId("bot-save").click()
  await expect(editor).toHaveCount(0)
  await page.getByTestId("chatbots-search").fill(keyword)
  await page.getByTestId("chatbots-search").press("Enter")
  await expect(page.getByTestId("chatbot-row")).toHaveCount(1)
  await expect(page.getByTestId("chatbot-row")).toContainText(name)

  // A customer writes the keyword, answers the question, and lands in the agents' queue.
  const number = freshNumber()
  await customerWrites(page, number, `${keyword} please`)
  await expect.poll(async () => (await phoneOf(page, number)).map((m) => m.body)).toEqual(["Hello! How can we help?", "What is your name?"])
  await customerWrites(page, number, "Ana")

  await page.getByTestId("user-menu").click()
  await page.getByTestId("logout").click()
  await expect(page).toHaveURL(/\/login$/)
  await openInbox(page, "agent1")
  await page.getByTestId("chat-box-unassigned").click()
  await page.getByTestId("chat-search").fill(number)
  await row(page, number).click()
  // Seconds after the answer (an agent has logged in and found the conversation): the bot added nothing to its two.
  expect((await phoneOf(page, number)).length).toBe(2)
  const botMessages = page.locator("[data-testid=chat-message][data-sender=bot]")
  await expect(botMessages).toHaveCount(2)
  await expect(botMessages.first()).toContainText("Chatbot")
  await expect(page.getByTestId("chat-take")).toBeVisible()
  await shot(page, "chatbots/thread-en")

  await page.getByTestId("user-menu").click()
  await page.getByTestId("logout").click()
  await expect(page).toHaveURL(/\/login$/)
  await login(page, "admin")
  await page.evaluate(() => localStorage.setItem("i18nextLng", "ar"))
  await page.goto(`${baseUrl()}/adminchatbot`)
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl")
  await expect(page.getByTestId("page-title")).toHaveText("روبوتات المحادثة")
  await page.getByTestId("chatbots-search").fill(keyword)
  await page.getByTestId("chatbots-search").press("Enter")
  await expect(page.getByTestId("chatbot-row")).toHaveCount(1)
  await page.getByTestId("chatbot-edit").click()
  await expect(page.getByTestId("bot-valid")).toBeVisible()
  // The graph opens at its start node in Arabic too (it is drawn left to right).
  await expect(page.locator('[data-testid=bot-node][data-node="welcome"]')).toBeInViewport()
  await page.locator('[data-testid=bot-node][data-node="question-1"]').click()
  await shot(page, "chatbots/editor-ar")
  await page.evaluate(() => localStorage.setItem("i18nextLng", "en"))
})
