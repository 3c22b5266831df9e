/**
 * Messenger's and Instagram's Send API refusals, played by the fake Meta (GRAPH_BASE_URL=self), answer the agent with
 * the same clear statuses as WhatsApp's: outside the 24-hour window 409 WINDOW_CLOSED, rate limits 429 RATE_LIMITED, a
 * person the page cannot reach 422 INVALID_NUMBER, each in words about the page's customer; the refused reply stays in
 * the conversation as failed (the outbox stores it before the channel is asked), never as sent.
 */
import { describe, expect, it } from "vitest"
import { as, callOf, DB_KINDS, login, send, useServer } from "../../testing/harness"
import { connectPage, dev, eventually } from "./channels.testing"

const PAGE = "4300001"
const INSTAGRAM = "17841430000000001"

describe.each(DB_KINDS)("Send API refusals (%s)", (kind) => {
  const ctx = useServer(kind, { config: { graphBaseUrl: "self" } })

  it("maps Meta's codes and subcodes to clear statuses for Messenger and Instagram", async () => {
    const admin = as((await login(ctx.url, "admin")).user_token)
    await connectPage(ctx.server, admin, 1, PAGE, INSTAGRAM)
    const history = async (from: string) =>
      (await send(ctx.url, callOf("chat", "agentHistoryChat"), { number: from, limit: 20 }, admin)).body.data.items as any[]
    const cases = [
      { id: PAGE, from: "7300000000000001", code: 10, subcode: 2018278, status: 409, error: "WINDOW_CLOSED", words: /24 hours/ },
      { id: INSTAGRAM, from: "7300000000000002", code: 10, subcode: 2534022, status: 409, error: "WINDOW_CLOSED", words: /24 hours/ },
      { id: PAGE, from: "7300000000000003", code: 613, subcode: 0, status: 429, error: "RATE_LIMITED", words: /Too many messages/ },
      { id: PAGE, from: "7300000000000004", code: 551, subcode: 1545041, status: 422, error: "INVALID_NUMBER", words: /from the page/ },
    ]
    for (const c of cases) {
      await dev(ctx.server, "/dev/meta/page-writes", { page_id: c.id, from: c.from, text: "Hello" })
      await eventually(async () => (await history(c.from)).length > 0)
      // Instagram through Facebook Login sends from the linked page: Meta's refusal comes from there.
      const sender = c.id === INSTAGRAM ? PAGE : c.id
      await dev(ctx.server, "/dev/meta/fail-next", { id: sender, code: c.code, ...(c.subcode ? { subcode: c.subcode } : {}) })
      const refused = await send(
        ctx.url,
        callOf("chat", "messagesSendText"),
        { type: "text", text: { to: [c.from], message: { text: "Our answer" } } },
        admin,
      )
      expect([refused.status, refused.body.error?.code], JSON.stringify(refused.body)).toEqual([c.status, c.error])
      expect(refused.body.error.message).toMatch(c.words)
      expect(refused.body.error.message).not.toMatch(/WhatsApp/)
      const thread = await history(c.from)
      expect(thread.map((m) => m.body).sort()).toEqual(["Hello", "Our answer"])
      expect(thread.find((m) => m.body === "Our answer")?.status).toBe("failed")
    }
    // The page still answers once Meta takes the message again.
    const sent = await send(
      ctx.url,
      callOf("chat", "messagesSendText"),
      { type: "text", text: { to: ["7300000000000001"], message: { text: "Our answer" } } },
      admin,
    )
    expect(sent.status).toBe(200)
  })
})
