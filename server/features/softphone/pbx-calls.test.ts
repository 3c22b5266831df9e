/**
 * The PBX call list on both databases: records written as Kamailio reports them (writeCall) land under the caller's
 * tenant (inbound: the number's tenant), are listed newest first within the range, filtered and paged, only to the
 * tenant's own softphone users.
 */
import { describe, expect, it } from "vitest"
import { DB_KINDS, as, callOf, login, send, useServer } from "../../testing/harness"
import { outcomeOf, writeCall, type NotedCall } from "./pbx-call-records"
import { extensionOf } from "./sip-credentials"

const at = (iso: string) => new Date(iso)
const noted = (overrides: Partial<NotedCall>): NotedCall => ({
  callId: `c-${Math.random()}`,
  startedAt: at("2026-03-10T10:00:00Z"),
  caller: "",
  dialled: "",
  direction: "internal",
  tenant: null,
  answeredAt: null,
  answeredBy: null,
  endedAt: at("2026-03-10T10:00:20Z"),
  code: 0,
  ...overrides,
})

describe("how a PBX call ended", () => {
  it("reads the final SIP status as people say it", () => {
    expect(outcomeOf(true, 200)).toBe("answered")
    expect(outcomeOf(false, 486)).toBe("busy")
    expect(outcomeOf(false, 480)).toBe("no_answer")
    expect(outcomeOf(false, 487)).toBe("cancelled")
    expect(outcomeOf(false, 503)).toBe("failed")
  })
})

describe.each(DB_KINDS)("the PBX call list (%s)", (kind) => {
  const api = useServer(kind)
  const list = async (username: string, query: Record<string, unknown> = {}) =>
    send(
      api.url,
      callOf("pbx", "listPbxCalls"),
      { start_date: "2026-03-01", end_date: "2026-03-31", ...query },
      as((await login(api.url, username)).user_token),
    )

  it("lists each tenant's calls to its own users only, newest first, with outcome and duration", async () => {
    const db = api.server.services.database.db
    const agent1 = await login(api.url, "agent1")
    const admin = await login(api.url, "admin")
    const admin2 = await login(api.url, "admin2")
    const ext1 = extensionOf(agent1.user_data.id)
    const extAdmin = extensionOf(admin.user_data.id)
    expect(
      await writeCall(
        db,
        noted({
          callId: "answered-1",
          caller: ext1,
          dialled: extAdmin,
          answeredAt: at("2026-03-10T10:00:05Z"),
          answeredBy: extAdmin,
          endedAt: at("2026-03-10T10:00:47Z"),
          code: 200,
        }),
      ),
    ).toBe(true)
    await writeCall(db, noted({ callId: "busy-1", caller: ext1, dialled: extAdmin, startedAt: at("2026-03-11T09:00:00Z"), code: 486 }))
    await writeCall(
      db,
      noted({
        callId: "out-1",
        caller: ext1,
        dialled: "+4989123456",
        direction: "outbound",
        startedAt: at("2026-03-12T09:00:00Z"),
        code: 503,
      }),
    )
    await writeCall(
      db,
      noted({
        callId: "in-1",
        caller: "+4930999",
        dialled: "+4930555001",
        direction: "inbound",
        tenant: agent1.user_data.client_id,
        startedAt: at("2026-03-13T09:00:00Z"),
        answeredAt: at("2026-03-13T09:00:03Z"),
        answeredBy: ext1,
        endedAt: at("2026-03-13T09:01:03Z"),
        code: 200,
      }),
    )
    // The other tenant's call, and the same call reported twice.
    await writeCall(db, noted({ callId: "other-1", caller: extensionOf(admin2.user_data.id), dialled: ext1, code: 487 }))
    await writeCall(db, noted({ callId: "busy-1", caller: ext1, dialled: extAdmin, startedAt: at("2026-03-11T09:00:00Z"), code: 486 }))

    const reply = await list("agent1")
    expect(reply.status).toBe(200)
    const { items, totalItems } = (reply.body as { data: { items: Record<string, unknown>[]; totalItems: number } }).data
    expect(totalItems).toBe(4)
    expect(items.map((item) => item.call_id)).toEqual(["in-1", "out-1", "busy-1", "answered-1"])
    expect(items[0]).toMatchObject({ direction: "inbound", outcome: "answered", duration_seconds: 60, callee_name: expect.any(String) })
    expect(items[1]).toMatchObject({ direction: "outbound", outcome: "failed", sip_code: 503, duration_seconds: 0 })
    expect(items[2]).toMatchObject({ outcome: "busy", sip_code: 486 })
    expect(items[3]).toMatchObject({ outcome: "answered", duration_seconds: 42, answered_at: "2026-03-10T10:00:05.000Z" })
    // The other tenant sees its own call only.
    const theirs = (await list("admin2")).body as { data: { items: { call_id: string; outcome: string }[] } }
    expect(theirs.data.items).toEqual([expect.objectContaining({ call_id: "other-1", outcome: "cancelled", callee_name: null })])
  })

  it("filters by range, direction and outcome, pages, and refuses who may not use the softphone", async () => {
    const page = (await list("agent1", { limit: 2, page: 2 })).body as { data: { items: { call_id: string }[]; totalItems: number } }
    expect(page.data.items.map((item) => item.call_id)).toEqual(["busy-1", "answered-1"])
    expect(page.data.totalItems).toBe(4)
    const range = (await list("agent1", { start_date: "2026-03-11", end_date: "2026-03-12" })).body as { data: { totalItems: number } }
    expect(range.data.totalItems).toBe(2)
    const outbound = (await list("agent1", { direction: "outbound" })).body as { data: { items: { call_id: string }[] } }
    expect(outbound.data.items.map((item) => item.call_id)).toEqual(["out-1"])
    const answered = (await list("agent1", { outcome: "answered" })).body as { data: { totalItems: number } }
    expect(answered.data.totalItems).toBe(2)
    expect((await list("agent1", { start_date: "2026-03-20", end_date: "2026-03-10" })).status).toBe(400)
    expect((await list("agent1", { outcome: "maybe" })).status).toBe(400)
    expect((await list("agent2")).status).toBe(403)
  })
})
