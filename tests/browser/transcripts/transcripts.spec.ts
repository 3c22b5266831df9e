/**
 * Transcripts in Chromium against the real server: on Overall History, a closed conversation's row downloads its PDF;
 * "Export transcripts" for the searched filter shows its progress, then offers a zip holding one CSV per conversation
 * of the filter. The export bar in Turkish and Arabic (right to left) is looked at too. In the open conversation, the
 * header's download button gives its CSV.
 */
import { readFile } from "node:fs/promises"
import { expect, type Page, test } from "@playwright/test"
import yauzl from "yauzl"
import { customerWrites, newTakenConversation, openInbox } from "../chat/chat-inbox-helpers"
import { baseUrl, login, shot } from "../helpers"

const entriesOf = (bytes: Buffer) =>
  new Promise<string[]>((resolve, reject) =>
    yauzl.fromBuffer(bytes, { lazyEntries: true }, (error, zip) => {
      if (error) return reject(error)
      const names: string[] = []
      zip.on("entry", (entry: yauzl.Entry) => {
        names.push(entry.fileName)
        zip.readEntry()
      })
      zip.on("end", () => resolve(names))
      zip.readEntry()
    }),
  )

const closeAs = async (page: Page, token: string, conversationId: number) => {
  const response = await page.request.post(`${baseUrl()}/api/chat/close`, {
    headers: { "user-token": token },
    data: { conversation_id: conversationId },
  })
  expect(response.status()).toBe(200)
}

test("transcripts: a history row's PDF, and a zip of the filter with its progress", async ({ page }) => {
  const base = `90556${String(Date.now()).slice(-6)}`
  const numbers = [`${base}1`, `${base}2`]
  // The login's answer carries the user's token besides what LoginBody names.
  const { user_token } = (await login(page, "admin")) as Awaited<ReturnType<typeof login>> & { user_token: string }
  for (const [i, number] of numbers.entries()) {
    const { conversationId } = await customerWrites(page, number, i === 0 ? "مرحبا، أين طلبي؟" : "Siparişim nerede?")
    await closeAs(page, user_token, conversationId)
  }
  await page.goto(`${baseUrl()}/apps/history`)
  await page.getByTestId("history-search").fill(base)
  await page.getByTestId("history-search").press("Enter")
  await expect(page.getByTestId("history-row")).toHaveCount(2)

  await page.getByTestId("history-row").first().getByTestId("transcript-download").click()
  const [pdf] = await Promise.all([page.waitForEvent("download"), page.getByTestId("transcript-pdf").click()])
  expect(pdf.suggestedFilename()).toMatch(new RegExp(`^transcript-\\d+-${base}\\d\\.pdf$`))
  expect((await readFile((await pdf.path())!)).subarray(0, 5).toString()).toBe("%PDF-")

  await page.getByTestId("transcript-export-start").click()
  await page.getByTestId("transcript-export-csv").click()
  await expect(page.getByTestId("transcript-export-progress")).toContainText("of 2 conversations")
  await shot(page, "transcripts/export-progress-en")
  await expect(page.getByTestId("transcript-export-ready")).toContainText("Transcripts of 2 conversations are ready")
  await shot(page, "transcripts/export-ready-en")
  const [zip] = await Promise.all([page.waitForEvent("download"), page.getByTestId("transcript-export-download").click()])
  expect(zip.suggestedFilename()).toMatch(/^transcripts-\d+\.zip$/)
  const names = await entriesOf(await readFile((await zip.path())!))
  expect(names.sort()).toEqual(numbers.map((n) => expect.stringMatching(new RegExp(`^transcript-\\d+-${n}\\.csv$`))))

  for (const language of ["tr", "ar"]) {
    await page.evaluate((lng) => localStorage.setItem("i18nextLng", lng), language)
    await page.reload()
    await expect(page.getByTestId("transcript-export-start")).toHaveText(
      language === "tr" ? "Dökümleri dışa aktar" : "تصدير نصوص المحادثات",
    )
    await shot(page, `transcripts/history-${language}`)
  }
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl")
})

test("transcripts: the open conversation's CSV from the thread's header", async ({ page }) => {
  await openInbox(page, "agent1")
  const text = `Kargom nerede? ${Date.now()}`
  await newTakenConversation(page, text)
  const thread = page.getByTestId("chat-thread")
  await thread.getByTestId("transcript-download").click()
  await shot(page, "transcripts/thread-menu-en")
  const [csv] = await Promise.all([page.waitForEvent("download"), page.getByTestId("transcript-csv").click()])
  expect(csv.suggestedFilename()).toMatch(/^transcript-\d+-\d+\.csv$/)
  const content = await readFile((await csv.path())!, "utf8")
  expect(content.split("\r\n")[0]).toBe("Time,Kind,Direction,Sender,Agent,Text,Attachments")
  expect(content).toContain(text)
})
