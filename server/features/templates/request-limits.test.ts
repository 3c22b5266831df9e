/**
 * The integration API's template sends on both databases (API-key credential): `/create/template/message` sends
 * through the one send path, counts against the request limits (tenant-wide, per agent, per template) and is refused
 * with 429 naming the limit once one is reached; limits are listed with their usage, updated and deleted; an agent's
 * information lists what they may send; another tenant reaches none of it.
 */
import { beforeAll, describe, expect, it } from "vitest"
import { DB_KINDS, as, callOf, login, send, shaped, useServer } from "../../testing/harness"
import { draft, settled } from "./templates.testing"

const c = (name: Parameters<typeof callOf<"conversationTemplates">>[1]) => callOf("conversationTemplates", name)

describe.each(DB_KINDS)("request limits on %s", (kind) => {
  const ctx = useServer(kind)
  const key: Record<string, Record<string, string>> = {}
  const user: Record<string, Record<string, string>> = {}
  let agent1 = 0

  beforeAll(async () => {
    for (const name of ["admin", "admin2", "superadmin"]) {
      const body = await login(ctx.url, name)
      key[name] = { "x-api-key": body.client_token }
      user[name] = as(body.user_token)
    }
    await send(ctx.url, callOf("billing", "billingTopUp"), { client_id: 1, amount: 10 }, user.superadmin)
    await send(ctx.url, callOf("templates", "templateMessageCreate"), draft("api_notice"), user.admin)
    expect((await settled(ctx.url, user.admin, "api_notice")).status).toBe("APPROVED")
    const users = (await send(ctx.url, callOf("users", "fetchListUsers"), { limit: 50 }, user.admin)).body.data.items as {
      id: number
      username: string
    }[]
    agent1 = users.find((u) => u.username === "agent1")!.id
  })

  const apiSend = (to: string, extra: Record<string, unknown> = {}, who = "admin") =>
    send(
      ctx.url,
      c("createTemplateMessage"),
      { template_name: "api_notice", language: "en", to, params: ["Ayşe", "A-1"], ...extra },
      key[who],
    )

  it("sends through the API and counts against a per-agent daily limit, then refuses with 429 naming it", async () => {
    const added = await send(
      ctx.url,
      c("requestLimitAdd"),
      { agent_id: agent1, template_name: "api_notice", daily_limit: 2, monthly_limit: 10 },
      key.admin,
    )
    expect(added.status).toBe(200)
    expect(shaped(c("requestLimitAdd"), added.body).data).toMatchObject({ used_today: 0, used_this_month: 0, daily_limit: 2 })
    expect(
      (
        await send(
          ctx.url,
          c("requestLimitAdd"),
          { agent_id: agent1, template_name: "api_notice", daily_limit: 1, monthly_limit: 1 },
          key.admin,
        )
      ).status,
    ).toBe(409)
    for (const n of ["+905552220001", "+905552220002"]) {
      const sent = await apiSend(n, { agent_id: agent1 })
      expect(sent.status).toBe(200)
      expect(shaped(c("createTemplateMessage"), sent.body).data.status).toBe("sent")
    }
    const refused = await apiSend("+905552220003", { agent_id: agent1 })
    expect(refused.status).toBe(429)
    expect(refused.body.error.message).toContain("daily limit of 2")
    // Sends without that agent are not counted against it.
    expect((await apiSend("+905552220004")).status).toBe(200)
    const listed = await send(ctx.url, c("requestLimits"), {}, key.admin)
    expect(listed.body.data.items).toMatchObject([{ id: added.body.data.id, used_today: 2, used_this_month: 2 }])
    const raised = await send(ctx.url, c("requestLimitUpdate"), { id: added.body.data.id, daily_limit: 3 }, key.admin)
    expect(raised.body.data).toMatchObject({ daily_limit: 3, used_today: 2 })
    expect((await apiSend("+905552220003", { agent_id: agent1 })).status).toBe(200)
    expect((await send(ctx.url, c("requestLimitUpdate"), { id: added.body.data.id, daily_limit: 30 }, key.admin)).body.error.field).toBe(
      "daily_limit",
    )
  })

  it("answers an agent's templates and limits; other tenants and bad scopes are refused", async () => {
    const info = await send(ctx.url, c("agentTemplateInformation"), { agent_id: agent1 }, key.admin)
    expect(info.status).toBe(200)
    expect(info.body.data.templates.map((t: { name: string }) => t.name)).toContain("api_notice")
    expect(info.body.data.limits.length).toBe(1)
    expect((await send(ctx.url, c("agentTemplateInformation"), { agent_id: agent1 }, key.admin2)).body.error.field).toBe("agent_id")
    expect((await send(ctx.url, c("requestLimits"), {}, key.admin2)).body.data.totalItems).toBe(0)
    const id = (await send(ctx.url, c("requestLimits"), {}, key.admin)).body.data.items[0].id
    expect((await send(ctx.url, c("requestLimitUpdate"), { id, daily_limit: 1 }, key.admin2)).status).toBe(404)
    expect((await send(ctx.url, c("requestLimitDelete"), { id }, key.admin2)).status).toBe(404)
    expect((await apiSend("+905552220009", {}, "admin2")).status).toBe(404)
    expect(
      (await send(ctx.url, c("requestLimitAdd"), { template_name: "no_such", daily_limit: 1, monthly_limit: 1 }, key.admin)).body.error
        .field,
    ).toBe("template_name")
    expect((await send(ctx.url, c("requestLimitDelete"), { id }, key.admin)).status).toBe(200)
    expect((await send(ctx.url, c("requestLimits"), {}, key.admin)).body.data.totalItems).toBe(0)
  })
})
