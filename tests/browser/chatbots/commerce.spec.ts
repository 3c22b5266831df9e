/**
 * The chatbot's commerce actions in Chromium against the seeded server: the admin builds a bot in the graph editor
 * (keyword → "Where are you?" taking a location → the nearest branches → a product list → an agent), tries it by
 * sharing a point in the try panel (the branches and products come from the tenant's data, nothing is sent), saves it;
 * a customer then writes the keyword, shares their location on WhatsApp and receives the nearest branches, then the
 * product list, on the simulated phone. English and Arabic screenshots.
 */
import { expect, type Page, test } from "@playwright/test"
import { customerWrites, freshNumber, phoneOf } from "../chat/chat-inbox-helpers"
import { baseUrl, devHeaders, login, shot } from "../helpers"

const tokenOf = async (page: Page) =>
  (await page.evaluate(() => localStorage.getItem("user_token") ?? localStorage.getItem("userToken") ?? "")).replace(/^"|"$/g, "")

const node = (page: Page, id: string) => page.getByTestId("bot-editor").locator(`[data-testid=bot-node][data-node="${id}"]`)

test("Chatbots: a customer shares a location and gets the nearest branches, then a product list; try it first; Arabic", async ({
  page,
}) => {
  test.setTimeout(150_000)
  const tag = Date.now().toString(36)
  const keyword = `shop${tag}`
  await login(page, "admin")
  const token = await tokenOf(page)
  const api = (path: string, data: unknown) => page.request.post(`${baseUrl()}/api${path}`, { data, headers: { "user-token": token } })
  // The tenant's branches and products the bot will offer.
  const csv = [
    "name,address,latitude,longitude",
    `Moda ${tag},Moda Cd. 1,40.9850,29.0260`,
    `Kadıköy ${tag},Söğütlüçeşme Cd. 5,40.9900,29.0300`,
  ].join("\n")
  const branches = await api("/client/bulk/location", { csv })
  expect(branches.status()).toBe(200)
  for (const [sku, name, stock] of [
    [`CK-${tag}`, `Cheesecake ${tag}`, 4],
    [`BR-${tag}`, `Brownie ${tag}`, 2],
  ] as const)
    expect((await api("/product/insert", { sku, name, price: 1250, currency: "USD", stock })).status()).toBe(200)

  await page.goto(`${baseUrl()}/adminchatbot`)
  await page.getByTestId("chatbots-new").click()
  const editor = page.getByTestId("bot-editor")
  await editor.getByTestId("bot-name").fill(`Shop ${tag}`)
  await editor.getByTestId("bot-keywords").fill(keyword)
  // welcome → question-1 (a location) → action-1 (nearest) → action-2 (products) → agent
  await editor.getByTestId("bot-add-question").click()
  await editor.getByTestId("bot-node-text").fill("Where are you? Share your location, please.")
  await editor.getByTestId("bot-node-validation").selectOption("location")
  await editor.getByTestId("bot-add-action").click()
  await editor.getByTestId("bot-node-action").selectOption("send_nearest")
  await editor.getByTestId("bot-action-count").fill("2")
  await editor.getByTestId("bot-add-action").click()
  await editor.getByTestId("bot-node-action").selectOption("send_products")
  await editor.getByTestId("bot-action-search").fill(tag)
  await editor.getByTestId("bot-node-next").selectOption("agent")
  await node(page, "action-1").click()
  await editor.getByTestId("bot-node-next").selectOption("action-2")
  await node(page, "question-1").click()
  await editor.getByTestId("bot-node-next").selectOption("action-1")
  await node(page, "welcome").click()
  await editor.getByTestId("bot-node-next").selectOption("question-1")
  await expect(editor.getByTestId("bot-valid")).toBeVisible()

  // Try it: share a point; the branches and products are the tenant's, and nothing is sent.
  await editor.getByTestId("bot-try-start").click()
  await expect(editor.getByTestId("bot-try-bot")).toHaveText(["Hello! How can we help?", "Where are you? Share your location, please."])
  await editor.getByTestId("bot-try-latitude").fill("40.9860")
  await editor.getByTestId("bot-try-longitude").fill("29.0270")
  await editor.getByTestId("bot-try-share").click()
  await expect(editor.getByTestId("bot-try-system")).toHaveText("Handed to an agent")
  const tried = editor.getByTestId("bot-try-bot")
  await expect(tried.nth(2)).toContainText(`1. Moda ${tag}`)
  await expect(tried.nth(2)).toContainText(`2. Kadıköy ${tag}`)
  await expect(tried.nth(3)).toContainText(`Brownie ${tag}: 12.50 USD`)
  await expect(tried.nth(3)).toContainText(`Cheesecake ${tag}`)
  await shot(page, "chatbots/commerce-try-en")
  await editor.getByTestId("bot-save").click()
  await expect(editor).toHaveCount(0)

  // A customer writes the keyword, shares a location, and gets the nearest branches then the product list.
  const number = freshNumber()
  await customerWrites(page, number, keyword)
  await expect
    .poll(async () => (await phoneOf(page, number)).map((m) => m.body), { timeout: 30_000 })
    .toEqual(["Hello! How can we help?", "Where are you? Share your location, please."])
  const shared = await page.request.post(`${baseUrl()}/dev/simulator/messages`, {
    headers: devHeaders(),
    data: { clientId: 1, channel: "whatsapp", number, type: "location", location: { latitude: 40.986, longitude: 29.027 } },
  })
  expect(shared.status()).toBe(200)
  await expect.poll(async () => (await phoneOf(page, number)).length, { timeout: 30_000 }).toBe(4)
  const phone = await phoneOf(page, number)
  expect(phone[2].body).toContain(`1. Moda ${tag}`)
  expect(phone[2].body).toContain("https://www.openstreetmap.org/?mlat=")
  expect(phone[3].type).toBe("interactive")
  expect(phone[3].body).toContain(`Cheesecake ${tag}`)

  // Arabic: the node form of the commerce action reads right to left.
  await page.evaluate(() => localStorage.setItem("i18nextLng", "ar"))
  await page.goto(`${baseUrl()}/adminchatbot`)
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl")
  await page.getByTestId("chatbots-search").fill(`Shop ${tag}`)
  await page.getByTestId("chatbots-search").press("Enter")
  await expect(page.getByTestId("chatbot-row")).toHaveCount(1)
  await page.getByTestId("chatbot-edit").click()
  await node(page, "action-1").click()
  await expect(page.getByTestId("bot-node-action")).toHaveValue("send_nearest")
  await shot(page, "chatbots/commerce-node-ar")
  await page.evaluate(() => localStorage.setItem("i18nextLng", "en"))
})
